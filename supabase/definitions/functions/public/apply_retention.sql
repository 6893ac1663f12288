-- The hourly clean-up forgets the clients' failures with the addresses', and trusts that ended.
create or replace function public.apply_retention() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
begin
  delete from public.code_guess_failures where minute < now() - interval '1 hour';
  delete from private.code_guess_client_failures where minute < now() - interval '1 hour';
  delete from public.trusted_addresses where trusted_until <= now();
  return private.apply_retention();
end
$$;
comment on function public.apply_retention() is 'Deletes each exam''s questions 24 hours after it is over for everyone (returning how many), failed code guesses older than an hour and ended trusts in addresses. Run hourly (pg_cron, or the local stack''s timer).';
revoke all on function public.apply_retention() from public, anon, authenticated, service_role;
grant execute on function public.apply_retention() to service_role;
