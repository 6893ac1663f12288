-- The address the code-guessing limit counts (docs/security.md#the-code-guessing-limit):
-- Cloudflare's cf-connecting-ip on hosted Supabase, else the first X-Forwarded-For entry. The
-- local stack drops both headers as a client sent them and writes X-Forwarded-For itself
-- (supabase/local/rest). An IPv6 address counts by its /64: one client can hold a whole /64 and
-- change addresses within it.
create or replace function private.request_client_address() returns text
language plpgsql stable set search_path = ''
as $$
declare
  headers jsonb := nullif(current_setting('request.headers', true), '')::jsonb;
  address text := btrim(coalesce(nullif(headers ->> 'cf-connecting-ip', ''), split_part(headers ->> 'x-forwarded-for', ',', 1)));
  parsed inet;
begin
  if address is null or address = '' then
    return 'unknown';
  end if;
  if position(':' in address) = 0 then
    return left(address, 100);
  end if;
  begin
    parsed := address::inet;
  exception when invalid_text_representation then
    return left(address, 100);
  end;
  if parsed <<= '::ffff:0.0.0.0/96'::inet then
    return substr(host(parsed), 8);
  end if;
  return network(set_masklen(parsed, 64))::text;
end
$$;
comment on function private.request_client_address() is 'The client address of this API request (an IPv6 address as its /64), or unknown.';
revoke all on function private.request_client_address() from public, anon, authenticated, service_role;
