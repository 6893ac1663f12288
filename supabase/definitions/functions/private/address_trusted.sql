create or replace function private.address_trusted(address text) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.trusted_addresses t where t.client_address = address and t.trusted_until > now())
$$;
comment on function private.address_trusted(text) is 'True while an administrator''s trust in the address lasts.';
revoke all on function private.address_trusted(text) from public, anon, authenticated, service_role;
