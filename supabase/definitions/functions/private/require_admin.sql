create or replace function private.require_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(public.is_admin(), false) then
    raise exception 'only administrators can read this' using errcode = '42501';
  end if;
end
$$;
comment on function private.require_admin() is 'Refuses (42501) a caller who is not a signed-in administrator.';
revoke all on function private.require_admin() from public, anon, authenticated, service_role;
