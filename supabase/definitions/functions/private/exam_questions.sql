-- The exam for a code: its snapshot's questions in the student's order, never with a key, the
-- server's deadline and the code's answer-file key; records the attempt's start
-- (docs/product.md#taking-the-exam, #exam-window-and-time). Everything is the code's own exam's:
-- its questions, its sitting (private.current_sitting) and, without one, its default duration; an
-- archived exam starts nothing. A first start on extra minutes after the window's end, once a key
-- of the exam has been shown, is refused like any start outside the window (exam_closed_for): a
-- code made with extra minutes after the release (or deleted and made again) would otherwise write
-- with the shown key.
create or replace function private.exam_questions(code text, attempt_id uuid, student_name text) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  login public.login_codes;
  exam public.exams;
  schedule public.exam_schedule;
  name text := btrim(exam_questions.student_name);
  total_count integer;
  usable_count integer;
  attempt public.exam_attempts;
begin
  if name is not null and length(name) not between 2 and 200 then
    raise exception 'student_name must be 2 to 200 characters' using errcode = '22023';
  end if;
  -- Locked, so two devices starting the same code at once agree on its first start.
  select * into login from public.login_codes lc where lc.code = private.stored_login_code(exam_questions.code) for update;
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if login.is_used then
    return jsonb_build_object('outcome', 'used');
  end if;
  select * into exam from public.exams e where e.id = login.exam_id;
  schedule := private.current_sitting(login.exam_id, login.extra_minutes);
  if private.exam_closed_for(login, exam, schedule) then
    return jsonb_build_object('outcome', 'exam_closed');
  end if;
  -- Started before and out of time (a second device, a cleared browser): new questions could
  -- only lead to an empty submission at once, which would take the code from the answers
  -- still waiting on the first device.
  if exists (select 1 from public.exam_attempts a where a.login_code = login.code and a.deadline + interval '2 minutes' < now()) then
    return jsonb_build_object('outcome', 'time_over');
  end if;
  -- Written on another device right now: a second copy would split the student's answers between
  -- two devices, so only a proctor's resume PIN moves it (resume_exam_attempt). The device of that
  -- attempt asking again (a lost answer, a reload) still gets its exam.
  if exists (select 1 from private.live_attempts(login.code) a
              where a.id is distinct from exam_questions.attempt_id) then
    return jsonb_build_object('outcome', 'in_progress_elsewhere');
  end if;
  -- A code already started is served the exam of its first start, whatever its questions are now.
  if not exists (select 1 from public.attempt_questions aq where aq.login_code = login.code) then
    select count(*) into total_count from public.questions q where q.exam_id = login.exam_id;
    if total_count = 0 then
      return jsonb_build_object('outcome', 'no_questions');
    end if;
    select count(*) into usable_count from public.questions q
     where q.exam_id = login.exam_id and public.is_usable_mcq(q) and q.question_number between 1 and 50;
    if usable_count = 0 then
      return jsonb_build_object('outcome', 'no_valid_questions');
    end if;
    perform private.take_exam_snapshot(login, exam, schedule);
  end if;
  attempt := private.start_exam_attempt(login, exam, schedule, exam_questions.attempt_id, name,
                                        (select count(*)::integer from public.attempt_questions aq where aq.login_code = login.code));
  return private.served_exam(login, exam, schedule, attempt);
end
$$;
comment on function private.exam_questions(text, uuid, text) is
  'The exam of the code''s first start (its snapshot, taken then: its exam''s usable MCQ questions numbered 1 to 50 in the code''s order, each with its options'' order), never with correct_answer, with the exam''s and the sitting''s names, for an unused code of an exam not archived while its sitting''s window (its end moved by the code''s extra minutes) is open and its time is not over (time_over), unless another device is writing it (in_progress_elsewhere: a live attempt of the code other than attempt_id, which only a resume PIN moves); no first start after the window''s end once a key of the exam has been shown (exam_closed); records the attempt''s start and answers its deadline and answer-file key.';
revoke all on function private.exam_questions(text, uuid, text) from public, anon, authenticated, service_role;
