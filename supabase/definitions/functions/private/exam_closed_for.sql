-- Whether a start of `login` now is refused as exam_closed: its exam is archived; or, under
-- `schedule`, the code's sitting (private.current_sitting; all null when its exam has none),
-- outside the window, its end moved by the code's extra minutes
-- (docs/product.md#exam-window-and-time); or a first start after the window's end once a key of
-- the code's exam has been shown since the sitting started, since a code made, or given time,
-- after the release would write with the key in hand. Another exam's keys are other questions.
-- exam_questions refuses by it, and check_login_code answers by it, so a student the code step
-- lets on is not refused at the start.
create or replace function private.exam_closed_for(login public.login_codes, exam public.exams, schedule public.exam_schedule) returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  return exam.archived_at is not null
      or (schedule.id is not null
          and (not (now() between schedule.start_time and schedule.end_time + make_interval(mins => login.extra_minutes))
               or (now() > schedule.end_time
                   and not exists (select 1 from public.exam_attempts a where a.login_code = login.code)
                   and private.solutions_shown_since(login.exam_id, schedule.start_time))));
end
$$;
revoke all on function private.exam_closed_for(public.login_codes, public.exams, public.exam_schedule) from public, anon, authenticated, service_role;
