-- The code step's question before the student gives a name: valid, used, invalid, or exam_closed
-- exactly when exam_questions would refuse the start so (exam_closed_for: the window, its end moved
-- by the code's extra minutes, so a code with extra time can still start after the end; no first
-- start after the end once a key of the sitting has been shown). public.check_login_code adds the
-- code-guessing limit.
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
  if private.exam_closed_for(login, schedule) then
    return 'exam_closed';
  end if;
  return 'valid';
end
$$;
comment on function private.check_login_code(text) is
  'valid | used | invalid | exam_closed for a login code as typed (trimmed, upper-cased): exam_closed when exam_questions would refuse its start so (the window, its end moved by the code''s extra minutes, is not open now; or a first start after the end once a key of the sitting has been shown).';
revoke all on function private.check_login_code(text) from public, anon, authenticated, service_role;
grant execute on function private.check_login_code(text) to service_role;
