create or replace function private.hmac_sha256(message bytea, key bytea) returns bytea
language plpgsql immutable strict set search_path = ''
as $$
declare
  block_size constant integer := 64;
  block bytea := case when octet_length(key) > block_size then sha256(key) else key end;
  inner_pad bytea;
  outer_pad bytea;
begin
  block := block || decode(repeat('00', block_size - octet_length(block)), 'hex');
  inner_pad := block;
  outer_pad := block;
  for i in 0 .. block_size - 1 loop
    inner_pad := set_byte(inner_pad, i, get_byte(block, i) # 54);  -- 0x36
    outer_pad := set_byte(outer_pad, i, get_byte(block, i) # 92);  -- 0x5c
  end loop;
  return sha256(outer_pad || sha256(inner_pad || message));
end
$$;
comment on function private.hmac_sha256(bytea, bytea) is 'HMAC-SHA256 (RFC 2104) of `message` under `key`, on the core sha256().';
revoke all on function private.hmac_sha256(bytea, bytea) from public, anon, authenticated, service_role;
