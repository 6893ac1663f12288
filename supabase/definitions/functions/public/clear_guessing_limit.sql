-- The Proctor Room's "Clear" on an address refused for guessing codes. With trust_minutes, the
-- administrator also vouches for the address as the school's own network for that long: nothing
-- tells a script that changes its browser id on every guess from new students behind the same NAT
-- address, so a person decides (docs/architecture.md#security-model,
-- docs/security.md#the-code-guessing-limit). A trust is always recorded, even with nothing to
-- clear.
create or replace function public.clear_guessing_limit(address text, trust_minutes integer default 0) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  cleared integer;
  trust_ends timestamptz;
begin
  perform private.require_admin();
  if clear_guessing_limit.address is null or length(clear_guessing_limit.address) not between 1 and 100 then
    perform private.invalid_argument('address must be 1 to 100 characters');
  end if;
  if clear_guessing_limit.trust_minutes is null or clear_guessing_limit.trust_minutes not between 0 and 480 then
    perform private.invalid_argument('trust_minutes must be 0 to 480 minutes');
  end if;
  select coalesce(sum(f.failures), 0)::integer into cleared
    from public.code_guess_failures f
   where f.client_address = clear_guessing_limit.address and f.minute > now() - interval '10 minutes';
  delete from public.code_guess_failures f where f.client_address = clear_guessing_limit.address;
  delete from private.code_guess_client_failures c where c.client_address = clear_guessing_limit.address;
  if clear_guessing_limit.trust_minutes > 0 then
    insert into public.trusted_addresses as t (client_address, trusted_until, trusted_by)
    values (clear_guessing_limit.address, now() + make_interval(mins => clear_guessing_limit.trust_minutes),
            (select au.email from public.admin_users au where au.user_id = (select auth.uid())))
    on conflict (client_address) do update
      set trusted_until = excluded.trusted_until, trusted_by = excluded.trusted_by, trusted_at = now()
    returning t.trusted_until into trust_ends;
    perform private.record_activity('guessing_limit_cleared', clear_guessing_limit.address,
      jsonb_build_object('failures', cleared, 'trust_minutes', clear_guessing_limit.trust_minutes, 'trusted_until', trust_ends));
    return jsonb_build_object('outcome', 'trusted', 'failures', cleared, 'trusted_until', trust_ends);
  end if;
  if cleared = 0 then
    return jsonb_build_object('outcome', 'nothing_to_clear');
  end if;
  perform private.record_activity('guessing_limit_cleared', clear_guessing_limit.address, jsonb_build_object('failures', cleared));
  return jsonb_build_object('outcome', 'cleared', 'failures', cleared);
end
$$;
comment on function public.clear_guessing_limit(text, integer) is 'Administrators: forgets the failed code guesses of an address and its clients, so students there can start again, and records it; cleared (with the failures of the last 10 minutes) or nothing_to_clear. With trust_minutes (1 to 480), also trusts the address that long, its address limit not applied: trusted, with failures and trusted_until.';
revoke all on function public.clear_guessing_limit(text, integer) from public, anon, authenticated, service_role;
grant execute on function public.clear_guessing_limit(text, integer) to authenticated, service_role;
