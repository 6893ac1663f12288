create or replace function private.proves_attempt(attempt_id uuid, code text) returns boolean
language sql stable set search_path = ''
as $$
  select attempt_id is not null and exists (
    select 1 from public.exam_attempts a
     where a.id = proves_attempt.attempt_id and a.login_code = private.stored_login_code(proves_attempt.code))
$$;
comment on function private.proves_attempt(uuid, text) is 'True when an attempt with this id was started with this code: a call that knows both is no guess.';
revoke all on function private.proves_attempt(uuid, text) from public, anon, authenticated, service_role;
