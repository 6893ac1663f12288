create or replace function private.address_guess_limit() returns integer
language sql immutable set search_path = '' as $$ select 20000 $$;
comment on function private.address_guess_limit() is 'Failed code guesses one address may make in 10 minutes, all its clients together: the ceiling for a script that changes its browser id on every guess, high enough for a whole school behind one NAT address (docs/security.md#the-code-guessing-limit).';
revoke all on function private.address_guess_limit() from public, anon, authenticated, service_role;
