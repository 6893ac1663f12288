create or replace function private.answer_file_key(code text) returns bytea
language sql stable set search_path = ''
as $$
  select private.hmac_sha256(convert_to('holdfast-answer-file-key/' || code, 'UTF8'), s.secret)
    from private.answer_file_secret s
$$;
comment on function private.answer_file_key(text) is 'The HMAC-SHA256 key of the answer files of a (normalised) login code.';
revoke all on function private.answer_file_key(text) from public, anon, authenticated, service_role;
