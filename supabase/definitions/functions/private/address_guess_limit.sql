create or replace function private.address_guess_limit() returns integer
language sql immutable set search_path = '' as $$ select 20000 $$;
comment on function private.address_guess_limit() is 'Failed code guesses one address may make in 10 minutes, all its clients together (migration 20261121000500 says why).';
revoke all on function private.address_guess_limit() from public, anon, authenticated, service_role;
