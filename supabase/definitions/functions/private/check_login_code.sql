-- The code step's question before the student gives a name: valid, used, invalid, or exam_closed
-- when exam_questions would refuse the window (its end moved by the code's extra minutes), so a
-- code with extra time can still start after the end (docs/product.md#exam-window-and-time).
-- exam_questions also refuses a first start after the end once a key of the sitting has been
-- shown; this check does not ask that. public.check_login_code adds the code-guessing limit.
create or replace function private.check_login_code(code text) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  login public.login_codes;
  schedule public.exam_schedule;
begin
  select * into login from public.login_codes lc where lc.code = public.normalize_login_code(check_login_code.code);
  if not found then
    return 'invalid';
  end if;
  if login.is_used then
    return 'used';
  end if;
  select * into schedule from public.active_exam_schedule();
  if found and not (now() between schedule.start_time and schedule.end_time + make_interval(mins => login.extra_minutes)) then
    return 'exam_closed';
  end if;
  return 'valid';
end
$$;
comment on function private.check_login_code(text) is
  'valid | used | invalid | exam_closed for a login code as typed (trimmed, upper-cased): exam_closed when the window, its end moved by the code''s extra minutes, is not open now.';
revoke all on function private.check_login_code(text) from public, anon, authenticated, service_role;
grant execute on function private.check_login_code(text) to service_role;
