create or replace function public.end_address_trust(address text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  trust_ends timestamptz;
begin
  perform private.require_admin();
  delete from public.trusted_addresses t
   where t.client_address = end_address_trust.address and t.trusted_until > now()
  returning t.trusted_until into trust_ends;
  if not found then
    return jsonb_build_object('outcome', 'not_trusted');
  end if;
  perform private.record_activity('address_trust_ended', end_address_trust.address, jsonb_build_object('trusted_until', trust_ends));
  return jsonb_build_object('outcome', 'ended');
end
$$;
comment on function public.end_address_trust(text) is 'Administrators: ends a trust in an address before its time, so its limit on failed code guesses applies again, and records it; ended or not_trusted.';
revoke all on function public.end_address_trust(text) from public, anon, authenticated, service_role;
grant execute on function public.end_address_trust(text) to authenticated, service_role;
