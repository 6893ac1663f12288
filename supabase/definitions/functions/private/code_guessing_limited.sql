-- Whether a student call is refused for guessing codes (docs/security.md#the-code-guessing-limit):
-- this request's browser made 50 failed guesses at the address in the last 10 minutes, or the
-- address 20,000 (all its browsers) and no administrator trusts it now. A browser is limited on
-- its own, so one student or script never locks out the room behind a shared NAT address.
-- plpgsql rather than SQL because every student call runs it: plpgsql keeps its plans for the
-- connection's life, where a SQL function with a SET clause is planned anew in every transaction
-- (before PostgreSQL 18; docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function private.code_guessing_limited(address text) returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  return ((select coalesce(sum(f.failures), 0)
             from public.code_guess_failures f
            where f.client_address = code_guessing_limited.address and f.minute > now() - interval '10 minutes')
            >= private.address_guess_limit()
          and not private.address_trusted(code_guessing_limited.address))
      or (select coalesce(sum(c.failures), 0)
            from private.code_guess_client_failures c
           where c.client_address = code_guessing_limited.address and c.client_id = private.request_client_id()
             and c.minute > now() - interval '10 minutes') >= private.client_guess_limit();
end
$$;
comment on function private.code_guessing_limited(text) is 'True when this request''s client at the address made 50 failed code guesses in the last 10 minutes, or the address 20,000 and no administrator trusts it now.';
revoke all on function private.code_guessing_limited(text) from public, anon, authenticated, service_role;
