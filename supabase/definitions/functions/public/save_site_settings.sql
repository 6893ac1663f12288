-- The admin Settings screen's "Save settings" (docs/product.md#settings): the institution's details,
-- trimmed, an empty one meaning "not set" (the product name falls back to Holdfast). Refused whole,
-- in words the screen shows, when a value does not fit; recorded as settings_changed with each
-- changed field's old and new value (nothing when nothing changed). The footer links the e-mail
-- as mailto: and shows every field on every page, so an address a mail program reads as more than
-- an address (?bcc=, %40, a second @) and control characters or bidirectional overrides are refused.
create or replace function public.save_site_settings(
  institution_name text, contact_email text, contact_phone text, address text, product_name text)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  saved public.site_settings;
  stored public.site_settings;
  changes jsonb;
  -- A part of an e-mail address: none of what a mailto: link reads as headers, escapes or a path.
  address_part constant text := '[^@?&%#/:;,<>"()\[\]\\[:space:]]+';
  checked record;
begin
  perform private.require_admin();
  saved.institution_name := nullif(btrim(save_site_settings.institution_name), '');
  saved.contact_email := nullif(btrim(save_site_settings.contact_email), '');
  saved.contact_phone := nullif(btrim(save_site_settings.contact_phone), '');
  saved.address := nullif(btrim(save_site_settings.address), '');
  saved.product_name := coalesce(nullif(btrim(save_site_settings.product_name), ''), 'Holdfast');
  if length(saved.institution_name) > 120 then
    perform private.invalid_argument('The institution name can have at most 120 characters');
  end if;
  if saved.contact_email !~ ('^' || address_part || '@' || address_part || '\.' || address_part || '$') or length(saved.contact_email) > 254 then
    perform private.invalid_argument('Enter a contact e-mail address such as exams@school.org');
  end if;
  if saved.contact_phone !~ '^\+?[0-9][0-9 ()./-]*$' or length(saved.contact_phone) > 40 then
    perform private.invalid_argument('Enter a contact phone number of digits, spaces and + ( ) - . / (at most 40 characters)');
  end if;
  if length(saved.address) > 300 then
    perform private.invalid_argument('The address can have at most 300 characters');
  end if;
  if length(saved.product_name) > 40 then
    perform private.invalid_argument('The product name can have at most 40 characters');
  end if;
  for checked in
    select * from (values ('institution name', saved.institution_name), ('contact e-mail', saved.contact_email),
                          ('contact phone', saved.contact_phone), ('address', saved.address),
                          ('product name', saved.product_name)) f (label, value)
  loop
    if private.unprintable_text(checked.value) then
      perform private.invalid_argument(format('The %s can hold printable characters only, on one line', checked.label));
    end if;
  end loop;

  -- Locked, so two administrators saving at once each log what they really changed.
  select * into stored from public.site_settings s for update;
  select coalesce(jsonb_object_agg(field.name, jsonb_build_array(field.old_value, field.new_value)), '{}'::jsonb)
    into changes
    from (values ('institution_name', stored.institution_name, saved.institution_name),
                 ('contact_email', stored.contact_email, saved.contact_email),
                 ('contact_phone', stored.contact_phone, saved.contact_phone),
                 ('address', stored.address, saved.address),
                 ('product_name', stored.product_name, saved.product_name)) field (name, old_value, new_value)
   where field.old_value is distinct from field.new_value;
  if changes <> '{}'::jsonb then
    update public.site_settings s
       set institution_name = saved.institution_name, contact_email = saved.contact_email,
           contact_phone = saved.contact_phone, address = saved.address, product_name = saved.product_name,
           updated_at = now(),
           updated_by = (select au.email from public.admin_users au where au.user_id = (select auth.uid()));
    perform private.record_activity('settings_changed', null, jsonb_build_object('changes', changes));
  end if;
end
$$;
comment on function public.save_site_settings(text, text, text, text, text) is
  'Administrators: saves the institution''s name, contact e-mail, phone, address and product name (trimmed; empty is not set; refused in words when one does not fit, an e-mail with what a mailto: link reads as more than an address, or a control character or bidirectional override), and logs settings_changed with each changed field''s old and new value.';
revoke all on function public.save_site_settings(text, text, text, text, text) from public, anon, authenticated, service_role;
grant execute on function public.save_site_settings(text, text, text, text, text) to authenticated, service_role;
