-- What a code is to the teacher handing codes out: 'used' once its submission is in; 'in_use' when
-- a student has started an exam with it (an attempt on the server) but not submitted, so it must
-- not be handed to anyone else; else 'available'. Every list and count of codes asks this one.
create or replace function private.login_code_status(is_used boolean, code text) returns text
language sql stable set search_path = ''
as $$
  select case when login_code_status.is_used then 'used'
              when exists (select 1 from public.exam_attempts a where a.login_code = login_code_status.code) then 'in_use'
              else 'available' end
$$;
comment on function private.login_code_status(boolean, text) is
  'A login code''s status: used (its submission is in), in_use (an attempt started with it, not submitted) or available.';
revoke all on function private.login_code_status(boolean, text) from public, anon, authenticated, service_role;
