create or replace function private.record_code_guess_failure(address text) returns void
language sql volatile set search_path = ''
as $$
  insert into public.code_guess_failures (client_address, minute, failures)
  values (address, date_trunc('minute', now()), 1)
  on conflict (client_address, minute) do update set failures = public.code_guess_failures.failures + 1;
  insert into private.code_guess_client_failures (client_address, client_id, minute, failures)
  values (address, private.request_client_id(), date_trunc('minute', now()), 1)
  on conflict (client_address, client_id, minute) do update set failures = private.code_guess_client_failures.failures + 1;
$$;
comment on function private.record_code_guess_failure(text) is 'Counts one failed code guess for the address and for this request''s client at it.';
revoke all on function private.record_code_guess_failure(text) from public, anon, authenticated, service_role;
