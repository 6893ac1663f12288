-- The institution's details every page shows (the footer's contact block, the header's product
-- name), for anyone, signed in or not: only these five fields, never who saved them or when.
-- Definer, since nobody reads public.site_settings directly. Null: not set yet (the pages show
-- placeholders).
create or replace function public.site_settings()
returns table (institution_name text, contact_email text, contact_phone text, address text, product_name text)
language sql stable security definer set search_path = ''
as $$
  select s.institution_name, s.contact_email, s.contact_phone, s.address, s.product_name
    from public.site_settings s
$$;
comment on function public.site_settings() is
  'Anyone: the institution''s name, contact e-mail, phone and address (null until set) and the product name, as the footer and header show them.';
revoke all on function public.site_settings() from public, anon, authenticated, service_role;
grant execute on function public.site_settings() to anon, authenticated, service_role;
