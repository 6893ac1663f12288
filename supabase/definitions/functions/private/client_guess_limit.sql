create or replace function private.client_guess_limit() returns integer
language sql immutable set search_path = '' as $$ select 50 $$;
comment on function private.client_guess_limit() is 'Failed code guesses one client may make in 10 minutes (migration 20261127000500 says why).';
revoke all on function private.client_guess_limit() from public, anon, authenticated, service_role;
