-- The lock a regrade holds exclusively and a stored submission shared.
create or replace function private.regrade_lock_key() returns bigint
language sql immutable set search_path = ''
as $$
  select 7230415001::bigint
$$;
revoke all on function private.regrade_lock_key() from public, anon, authenticated, service_role;
