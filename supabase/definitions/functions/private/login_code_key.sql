-- What a login code is matched by (docs/product.md#login-codes): the code as typed, trimmed and in
-- capitals, with the look-alikes O read as 0 and I and L as 1. New codes never hold O, I or L, so
-- a student who reads 0 as O (or 1 as I) still types their code; a code made before that holds
-- them still matches typed either way, since both sides are compared by this key. The unique index
-- on public.login_codes (login_codes_code_key_idx) holds the same key of every stored code.
create or replace function private.login_code_key(code text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return translate(public.normalize_login_code(login_code_key.code), 'OIL', '011');
end
$$;
comment on function private.login_code_key(text) is
  'The key a login code is matched by: trimmed, upper-cased, O read as 0, I and L as 1.';
revoke all on function private.login_code_key(text) from public, anon, authenticated, service_role;
