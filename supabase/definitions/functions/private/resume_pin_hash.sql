-- A resume PIN is 6 digits, so a hash alone would be reversed by trying them all: it is keyed with
-- the server's secret (the answer files' one, which no API role reads) and the code, so a copy of
-- public.attempt_moves tells nothing of any PIN.
create or replace function private.resume_pin_hash(code text, pin text) returns bytea
language sql stable set search_path = ''
as $$
  select private.hmac_sha256(convert_to('holdfast-resume-pin/' || resume_pin_hash.code || '/' || resume_pin_hash.pin, 'UTF8'), s.secret)
    from private.answer_file_secret s
$$;
comment on function private.resume_pin_hash(text, text) is 'The keyed hash a resume PIN of a (normalised) login code is stored and compared as.';
revoke all on function private.resume_pin_hash(text, text) from public, anon, authenticated, service_role;
