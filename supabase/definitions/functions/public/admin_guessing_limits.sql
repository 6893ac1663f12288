-- The Proctor Room: who is limited, and clearing it. Each address over half its limit, with a
-- limited client, or trusted; clears_at assumes no new failures, which a limited caller cannot add.
create or replace function public.admin_guessing_limits()
returns table (client_address text, failures integer, limited boolean, limited_clients integer, since timestamptz,
               clears_at timestamptz, trusted_until timestamptz)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return query
  with address_minutes as (
    select f.client_address, f.minute, f.failures,
           -- The failures of the later minutes: those still counted once this minute is 10 minutes old.
           coalesce(sum(f.failures) over (partition by f.client_address order by f.minute desc
                                          rows between unbounded preceding and 1 preceding), 0) as later
      from public.code_guess_failures f
     where f.minute > now() - interval '10 minutes'
  ), addresses as (
    select m.client_address, sum(m.failures)::integer as failures, min(m.minute) as since,
           min(m.minute) filter (where m.later < private.address_guess_limit()) + interval '10 minutes' as clears_at
      from address_minutes m
     group by m.client_address
  ), client_minutes as (
    select c.client_address, c.client_id, c.minute, c.failures,
           coalesce(sum(c.failures) over (partition by c.client_address, c.client_id order by c.minute desc
                                          rows between unbounded preceding and 1 preceding), 0) as later
      from private.code_guess_client_failures c
     where c.minute > now() - interval '10 minutes'
  ), limited_clients as (
    select m.client_address, m.client_id,
           min(m.minute) filter (where m.later < private.client_guess_limit()) + interval '10 minutes' as clears_at
      from client_minutes m
     group by m.client_address, m.client_id
    having sum(m.failures) >= private.client_guess_limit()
  ), client_counts as (
    select l.client_address, count(*)::integer as clients, max(l.clears_at) as clears_at
      from limited_clients l
     group by l.client_address
  ), trusted as (
    select t.client_address, t.trusted_until from public.trusted_addresses t where t.trusted_until > now()
  ), listed as (
    select coalesce(a.client_address, t.client_address) as client_address, coalesce(a.failures, 0) as failures,
           coalesce(a.failures >= private.address_guess_limit(), false) and t.client_address is null as limited,
           a.since, a.clears_at, t.trusted_until
      from addresses a
      full join trusted t on t.client_address = a.client_address
  )
  select l.client_address, l.failures, l.limited, coalesce(c.clients, 0), l.since,
         -- Null when nothing is limited (an address close to its limit, or trusted with no limited client).
         case when l.limited then l.clears_at else c.clears_at end,
         l.trusted_until
    from listed l
    left join client_counts c on c.client_address = l.client_address
   where l.failures >= private.address_guess_limit() / 2 or c.clients is not null or l.trusted_until is not null
   order by l.failures desc, l.client_address;
end
$$;
comment on function public.admin_guessing_limits() is 'Administrators: addresses whose failed code guesses in the last 10 minutes reach half the address limit or include a limited client, and the addresses trusted now: failures, limited (the whole address), limited_clients, since, clears_at, trusted_until.';
revoke all on function public.admin_guessing_limits() from public, anon, authenticated, service_role;
grant execute on function public.admin_guessing_limits() to authenticated, service_role;
