-- Questions are handed out only with a start recorded: a submission needs one
-- (record_submission's not_started), and the deadline is fixed at the code's first start
-- (docs/product.md#exam-window-and-time). A device sends its attempt id and the student's name; an
-- older app sends neither, and then the code's start is still recorded (under a new id) if it has
-- none. A code keeps at most 20 attempts, so one code cannot flood the proctor's view; past that,
-- a new start shares the first one's row (its deadline is the code's all the same). The attempt
-- belongs to the code's exam and the sitting it started in (its first start's); without a sitting
-- the exam's default duration sets the deadline.
create or replace function private.start_exam_attempt(
  login public.login_codes,
  exam public.exams,
  schedule public.exam_schedule,
  attempt_id uuid,
  student_name text,
  question_count integer
) returns public.exam_attempts
language plpgsql volatile set search_path = ''
as $$
declare
  attempt public.exam_attempts;
  first_attempt public.exam_attempts;
  deadline timestamptz;
  attempt_sitting uuid := schedule.id;
begin
  select * into attempt from public.exam_attempts a where a.id = start_exam_attempt.attempt_id;
  if found then
    if attempt.login_code <> login.code then
      raise exception 'attempt id belongs to another login code' using errcode = '22023';
    end if;
    -- The same device asking again, after a lost answer.
    return attempt;
  end if;
  select * into first_attempt from public.exam_attempts a where a.login_code = login.code order by a.started_at limit 1;
  if found then
    if start_exam_attempt.attempt_id is null
       or (select count(*) from public.exam_attempts a where a.login_code = login.code) >= 20 then
      return first_attempt;
    end if;
    deadline := first_attempt.deadline;
    attempt_sitting := first_attempt.sitting_id;
  else
    deadline := least(now() + make_interval(mins => coalesce(schedule.duration_minutes, exam.default_duration_minutes)),
                      coalesce(schedule.end_time, 'infinity'))
                + make_interval(mins => login.extra_minutes);
  end if;
  insert into public.exam_attempts (id, login_code, exam_id, sitting_id, student_name, deadline, question_count)
  values (coalesce(start_exam_attempt.attempt_id, gen_random_uuid()), login.code, login.exam_id, attempt_sitting,
          start_exam_attempt.student_name, deadline, start_exam_attempt.question_count)
  returning * into attempt;
  return attempt;
end
$$;
comment on function private.start_exam_attempt(public.login_codes, public.exams, public.exam_schedule, uuid, text, integer) is
  'Records an attempt''s start, in the code''s exam and sitting, with the server''s deadline for its code (the first start''s), or finds the one already recorded.';
revoke all on function private.start_exam_attempt(public.login_codes, public.exams, public.exam_schedule, uuid, text, integer) from public, anon, authenticated, service_role;
