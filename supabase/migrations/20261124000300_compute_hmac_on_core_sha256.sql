-- HMAC-SHA256 for the answer files, computed on PostgreSQL's own sha256() instead of pgcrypto's
-- hmac(). In the embedded stack's PGlite, pgcrypto's digests fail for the whole life of about
-- one database in fifteen ("Cannot use "sha256": Cipher cannot be initialized"), which broke
-- every exam start there (the questions carry the code's answer-file key); the core function
-- does not. The result is the same HMAC (RFC 2104), so keys and tags made before still match,
-- and the app's own HMAC (src/domain/hmac-sha256.ts) agrees with it as before.

create function private.hmac_sha256(message bytea, key bytea) returns bytea
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
revoke execute on function private.hmac_sha256(bytea, bytea) from public, anon, authenticated;

create or replace function private.answer_file_key(code text) returns bytea
language sql stable set search_path = ''
as $$
  select private.hmac_sha256(convert_to('holdfast-answer-file-key/' || code, 'UTF8'), s.secret)
    from private.answer_file_secret s
$$;

create or replace function private.answer_file_tag(file jsonb) returns text
language sql stable set search_path = ''
as $$
  select encode(private.hmac_sha256(convert_to(concat_ws(E'\n',
      'holdfast-answer-file/1',
      file ->> 'submission_id',
      file ->> 'login_code',
      encode(convert_to(file ->> 'student_name', 'UTF8'), 'hex'),
      private.answers_canonical(file -> 'answers'),
      file ->> 'tab_switches',
      file ->> 'time_taken',
      file ->> 'started_at',
      file ->> 'submitted_at'), 'UTF8'), private.answer_file_key(file ->> 'login_code')), 'hex')
$$;
