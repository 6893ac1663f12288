-- The code step's question before the student gives a name: valid, used, invalid, or exam_closed
-- exactly when exam_questions would refuse the start so (exam_closed_for: an archived exam, or the
-- code's sitting's window, its end moved by the code's extra minutes, so a code with extra time can
-- still start after the end; no first start after the end once a key of the exam has been shown).
-- For a code that exists and is unused it names the code's exam and the sitting it would start in
-- (private.current_sitting: open now, else the next, else the last), so a student with several exams that
-- day sees which one the code is for. A code being written on another device right now
-- (private.live_attempts) answers in_progress_elsewhere, as exam_questions would, so the code step
-- asks for the proctor's resume PIN rather than starting a second copy. A code that exists is
-- answered with its stored spelling (login_code): typed with O for 0 it is found by its key
-- (private.stored_login_code), and the device keeps and shows the code as it is stored.
-- public.check_login_code adds the code-guessing limit.
create or replace function private.check_login_code(code text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  login public.login_codes;
  exam public.exams;
  sitting public.exam_schedule;
begin
  select * into login from public.login_codes lc where lc.code = private.stored_login_code(check_login_code.code);
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if login.is_used then
    return jsonb_build_object('outcome', 'used', 'login_code', login.code);
  end if;
  select * into exam from public.exams e where e.id = login.exam_id;
  sitting := private.current_sitting(login.exam_id, login.extra_minutes);
  return jsonb_build_object(
    'outcome', case when private.exam_closed_for(login, exam, sitting) then 'exam_closed'
                    when exists (select 1 from private.live_attempts(login.code)) then 'in_progress_elsewhere'
                    else 'valid' end,
    'login_code', login.code,
    'exam', jsonb_build_object(
      'name', exam.name,
      'sitting', case when sitting.id is not null then jsonb_build_object(
        'name', sitting.exam_name,
        'start_time', sitting.start_time,
        'end_time', sitting.end_time,
        'duration_minutes', sitting.duration_minutes) end));
end
$$;
comment on function private.check_login_code(text) is
  'The status of a login code as typed (matched by its key: trimmed, upper-cased, O as 0, I and L as 1): {"outcome": valid | used | invalid | exam_closed | in_progress_elsewhere}, with the stored code (login_code) unless invalid; in_progress_elsewhere when another device is writing it now (a live attempt), exam_closed when exam_questions would refuse its start so (its exam archived; the window of its sitting, its end moved by the code''s extra minutes, not open now; or a first start after the end once a key of its exam has been shown); for an unused code also "exam": {"name", "sitting": null or {"name", "start_time", "end_time", "duration_minutes"}}, the sitting it would start in.';
revoke all on function private.check_login_code(text) from public, anon, authenticated, service_role;
grant execute on function private.check_login_code(text) to service_role;
