create or replace function private.client_guess_limit() returns integer
language sql immutable set search_path = '' as $$ select 50 $$;
comment on function private.client_guess_limit() is 'Failed code guesses one client (a browser, by its x-holdfast-client id) may make in 10 minutes: a student''s typos, never enough to use up what the room''s shared address may have (docs/security.md#the-code-guessing-limit).';
revoke all on function private.client_guess_limit() from public, anon, authenticated, service_role;
