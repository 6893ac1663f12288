-- A fair exam room (issue 14), in the student functions: each attempt keeps the exam it was given.
-- Built on the definitions of migration 20261124000600 (copied in full, changed only where said).
--
-- exam_questions: a code's first start takes its snapshot (private.take_exam_snapshot of
-- migration 20261124001000: the usable questions 1 to 50 with their answer key, in the order
-- the schedule's shuffle switches give this code); every start of the code, the first and any
-- later one (a reload, another device), is served from the snapshot, in the student's order,
-- each question with its option_order (the original letters in the order shown). A code with
-- a snapshot is served it even after the bank was emptied or re-imported.
--
-- record_submission: a code with a snapshot is scored against it, and its question count is the
-- snapshot's, so an import after the exam, or the clean-up, never changes a score. Answers
-- always carry the canonical question number and the option's original letter.
--
-- lookup_result: the solutions are the snapshot's questions in question order (canonical
-- numbering and letters), else the bank as before.

-- The order's key of migration 20261124001000, with the code's answer-file key derived once per
-- snapshot rather than once per question and option (250 HMACs at every first start).
drop function private.shuffle_rank(text, text);
create function private.shuffle_rank(seed bytea, label text) returns bytea
language sql immutable set search_path = ''
as $$
  select sha256(seed || convert_to('holdfast-shuffle/' || label, 'UTF8'))
$$;
comment on function private.shuffle_rank(bytea, text) is
  'A code''s sort key (seed: its answer-file key) for one question (''question:7'') or option (''option:7:C''): its shuffled order sorts by it.';
revoke execute on function private.shuffle_rank(bytea, text) from public, anon, authenticated;

create or replace function private.take_exam_snapshot(login public.login_codes, schedule public.exam_schedule) returns integer
language plpgsql volatile set search_path = ''
as $$
declare
  shuffle_questions boolean := coalesce(schedule.shuffle_questions, false);
  shuffle_options boolean := coalesce(schedule.shuffle_options, false);
  seed bytea := private.answer_file_key(login.code);
  held integer;
begin
  select count(*) into held from public.attempt_questions aq where aq.login_code = login.code;
  if held > 0 then
    return held;
  end if;
  insert into public.attempt_questions
    (login_code, question_number, position, question_id, question_text, option_a, option_b, option_c, option_d,
     correct_answer, option_order)
  select login.code, q.question_number,
         row_number() over (order by case when shuffle_questions then private.shuffle_rank(seed, 'question:' || q.question_number) end,
                                     q.question_number),
         q.id, q.question_text, q.option_a, q.option_b, q.option_c, q.option_d, q.correct_answer,
         case when shuffle_options
              then (select string_agg(l.letter, '' order by private.shuffle_rank(seed, 'option:' || q.question_number || ':' || l.letter))
                      from unnest(array['A', 'B', 'C', 'D']) as l (letter))
              else 'ABCD' end
    from public.questions q
   -- The exam's questions are numbered 1 to 50 (migration 20261124000600).
   where public.is_usable_mcq(q) and q.question_number between 1 and 50;
  get diagnostics held = row_count;
  return held;
end
$$;

-- As in migration 20261124000600, serving the code's snapshot (taken at its first start).
create or replace function private.exam_questions(code text, attempt_id uuid, student_name text) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  login public.login_codes;
  schedule public.exam_schedule;
  name text := btrim(exam_questions.student_name);
  total_count integer;
  usable_count integer;
  served jsonb;
  attempt public.exam_attempts;
begin
  if name is not null and length(name) not between 2 and 200 then
    raise exception 'student_name must be 2 to 200 characters' using errcode = '22023';
  end if;
  -- Locked, so two devices starting the same code at once agree on its first start.
  select * into login from public.login_codes lc where lc.code = public.normalize_login_code(exam_questions.code) for update;
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if login.is_used then
    return jsonb_build_object('outcome', 'used');
  end if;
  select * into schedule from public.active_exam_schedule();
  if found and not (now() between schedule.start_time and schedule.end_time + make_interval(mins => login.extra_minutes)) then
    return jsonb_build_object('outcome', 'exam_closed');
  end if;
  -- Started before and out of time (a second device, a cleared browser): new questions could
  -- only lead to an empty submission at once, which would take the code from the answers
  -- still waiting on the first device.
  if exists (select 1 from public.exam_attempts a where a.login_code = login.code and a.deadline + interval '2 minutes' < now()) then
    return jsonb_build_object('outcome', 'time_over');
  end if;
  -- A code already started is served the exam of its first start, whatever the bank holds now.
  if not exists (select 1 from public.attempt_questions aq where aq.login_code = login.code) then
    select count(*) into total_count from public.questions;
    if total_count = 0 then
      return jsonb_build_object('outcome', 'no_questions');
    end if;
    select count(*) into usable_count from public.questions q
     where public.is_usable_mcq(q) and q.question_number between 1 and 50;
    if usable_count = 0 then
      return jsonb_build_object('outcome', 'no_valid_questions');
    end if;
    perform private.take_exam_snapshot(login, schedule);
  end if;
  -- In the student's order, each with its options' order; never with correct_answer.
  select jsonb_agg(jsonb_build_object(
           'id', aq.question_id, 'question_number', aq.question_number, 'question_text', aq.question_text,
           'option_a', aq.option_a, 'option_b', aq.option_b, 'option_c', aq.option_c, 'option_d', aq.option_d,
           'option_order', aq.option_order)
         order by aq.position)
    into served
    from public.attempt_questions aq
   where aq.login_code = login.code;
  attempt := private.start_exam_attempt(login, schedule, exam_questions.attempt_id, name, jsonb_array_length(served));
  return jsonb_build_object(
    'outcome', 'ok',
    'questions', served,
    'duration_minutes', coalesce(schedule.duration_minutes, 30),
    'extra_minutes', login.extra_minutes,
    'window_end', schedule.end_time,
    'deadline', attempt.deadline,
    'server_now', now(),
    'answer_file_key', encode(private.answer_file_key(login.code), 'hex'));
end
$$;

-- As in migration 20261124000600, scored against the code's snapshot when it has one.
create or replace function private.record_submission(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz,
  recovered_from_file boolean
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  -- Two minutes for a press of Submit just before the window closed (or the deadline) to travel.
  grace constant interval := interval '2 minutes';
  normalized_code text := public.normalize_login_code(record_submission.code);
  name text := btrim(record_submission.student_name);
  claimed_code public.login_codes;
  existing public.submissions;
  schedule public.exam_schedule;
  extra interval;
  first_start timestamptz;
  deadline timestamptz;
  served integer;
  effective_submitted_at timestamptz;
  tab_total integer;
  score integer;
  stored public.submissions;
begin
  -- Every argument is checked before anything is read or scored (hole 1 of the header).
  if record_submission.submission_id is null then
    perform private.invalid_argument('submission_id is required');
  end if;
  if normalized_code is null or normalized_code !~ '^[A-Z0-9]{8}$' then
    -- Not a code at all: answered like an unknown code, which counts as a failed guess.
    return jsonb_build_object('outcome', 'invalid_code');
  end if;
  if name is null or length(name) not between 2 and 200 then
    perform private.invalid_argument('student_name must be 2 to 200 characters');
  end if;
  if answers is null or jsonb_typeof(answers) <> 'object'
     or exists (select 1 from jsonb_each(answers) a
                 where a.key !~ '^([1-9]|[1-4][0-9]|50)$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    perform private.invalid_argument('answers must map question numbers 1 to 50 to A, B, C or D');
  end if;
  if record_submission.tab_switches is not null and record_submission.tab_switches not between 0 and 100000 then
    perform private.invalid_argument('tab_switches must be between 0 and 100000');
  end if;
  if record_submission.time_taken is null or record_submission.time_taken not between 0 and 86400 then
    perform private.invalid_argument('time_taken must be between 0 and 86400 seconds');
  end if;
  if not isfinite(record_submission.started_at) or not isfinite(record_submission.submitted_at) then
    perform private.invalid_argument('started_at and submitted_at must be real moments');
  end if;

  -- Lock the code first: concurrent submissions for one code queue here, so the
  -- idempotency check below sees whatever the one before committed.
  select * into claimed_code from public.login_codes lc where lc.code = normalized_code for update;

  select * into existing from public.submissions s where s.id = record_submission.submission_id;
  if found then
    if existing.login_code <> normalized_code then
      perform private.invalid_argument('submission id belongs to another login code');
    end if;
    return public.submission_receipt(existing);
  end if;

  if claimed_code.id is null then
    return jsonb_build_object('outcome', 'invalid_code');
  end if;
  if claimed_code.is_used then
    return private.refuse_attempt(record_submission.submission_id, normalized_code, 'code_used');
  end if;

  -- The lateness rule of migration 20261122000300.
  effective_submitted_at := least(coalesce(record_submission.submitted_at, now()), now());
  select min(a.started_at), min(a.deadline) into first_start, deadline
    from public.exam_attempts a where a.login_code = normalized_code;
  if deadline is not null then
    if effective_submitted_at > deadline + grace or effective_submitted_at < first_start - grace then
      return private.refuse_attempt(record_submission.submission_id, normalized_code, 'exam_over');
    end if;
  else
    extra := make_interval(mins => claimed_code.extra_minutes);
    select * into schedule from public.active_exam_schedule();
    if found and (effective_submitted_at < schedule.start_time - grace
                  or effective_submitted_at > schedule.end_time + extra + grace) then
      return private.refuse_attempt(record_submission.submission_id, normalized_code, 'exam_over');
    end if;
  end if;

  update public.login_codes
     set is_used = true, used_by = name, used_at = now()
   where id = claimed_code.id;

  tab_total := greatest(coalesce(record_submission.tab_switches, 0),
                       (select max(a.tab_switches) from public.exam_attempts a where a.login_code = normalized_code));

  -- Every attempt of the code is over: the proctor sees the submission received.
  update public.exam_attempts a
     set state = 'received',
         answered_count = least(a.question_count, (select count(*) from jsonb_object_keys(record_submission.answers))),
         tab_switches = greatest(a.tab_switches, tab_total)
   where a.login_code = normalized_code;

  -- The exam the code was given at its first start (its snapshot): the questions it served and
  -- their answer key, whatever the bank holds now. A code without one (a submission without a
  -- start, an attempt from before migration 20261124001010, or a snapshot gone with the
  -- questions by the retention rule) is scored as before: its first attempt's count, else the
  -- usable questions numbered 1 to 50 now, against the bank as it is.
  select count(*) into served from public.attempt_questions aq where aq.login_code = normalized_code;
  if served > 0 then
    select count(*) into score from jsonb_each_text(record_submission.answers) a
      join public.attempt_questions aq on aq.login_code = normalized_code and aq.question_number = a.key::integer
     where aq.correct_answer = a.value;
  else
    select a.question_count into served
      from public.exam_attempts a where a.login_code = normalized_code order by a.started_at limit 1;
    if served is null then
      select count(*) into served from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50;
    end if;
    select count(*) into score from jsonb_each_text(record_submission.answers) a
      join public.questions q on q.question_number = a.key::integer
     where q.correct_answer = a.value;
  end if;

  -- The submission as the call's last statement: every value below was checked above, so
  -- nothing the caller sent can make this insert fail, and the score is never in an error (one
  -- from elsewhere, such as a unique key, also leaves without its detail).
  insert into public.submissions
    (id, student_name, login_code, answers, answers_fingerprint, score, question_count, tab_switches, time_taken,
     started_at, submitted_at, device_started_at, device_time_taken, recovered_from_file, arrived_late)
  values (
    record_submission.submission_id,
    name,
    normalized_code,
    record_submission.answers,
    public.answers_fingerprint(record_submission.answers),
    score,
    -- At most the 50 an exam serves, and never below the score (a question changed after the
    -- start), so no percentage passes 100.
    greatest(1, score, least(50, served)),
    -- The most the code's devices ever reported: a new submission id takes nothing back.
    tab_total,
    -- The server's clock from the recorded start when there is one, to the arrival when it came
    -- in time (to the device's stamp only for a late arrival); the device's word otherwise.
    case when first_start is null then record_submission.time_taken
         else least(86400, greatest(0, floor(extract(epoch from
                case when now() <= deadline + grace then now() else effective_submitted_at end - first_start))))::integer end,
    -- Without a recorded start, the device's claim kept inside the window it submitted in.
    coalesce(first_start,
             least(greatest(coalesce(record_submission.started_at, effective_submitted_at),
                            coalesce(schedule.start_time - grace, '-infinity')),
                   effective_submitted_at)),
    effective_submitted_at,
    record_submission.started_at,
    record_submission.time_taken,
    coalesce(record_submission.recovered_from_file, false),
    coalesce(now() > deadline + grace, false))
  returning * into stored;

  return public.submission_receipt(stored);
end
$$;

-- As in migration 20261124000600, with the solutions from the code's snapshot when it has one.
create or replace function private.lookup_result(code text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  found_code public.login_codes;
  sub public.submissions;
  within_day boolean;
  release_at timestamptz;
  released boolean;
begin
  select * into found_code from public.login_codes lc where lc.code = public.normalize_login_code(lookup_result.code);
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if found_code.created_at < now() - interval '7 days' then
    return jsonb_build_object('outcome', 'code_expired');
  end if;
  if not found_code.is_used then
    return jsonb_build_object('outcome', 'unused');
  end if;
  select * into sub from public.submissions s where s.login_code = found_code.code order by s.submitted_at desc limit 1;
  if not found then
    return jsonb_build_object('outcome', 'no_submission');
  end if;
  if sub.submitted_at < now() - interval '30 days' then
    return jsonb_build_object('outcome', 'result_expired');
  end if;
  within_day := sub.submitted_at >= now() - interval '24 hours';
  release_at := private.solutions_release_at(sub);
  released := within_day and now() >= release_at;
  return jsonb_build_object(
    'outcome', 'ok',
    'student_name', sub.student_name,
    'login_code', sub.login_code,
    'started_at', sub.started_at,
    'submitted_at', sub.submitted_at,
    'score', sub.score,
    'total', sub.question_count,
    'tab_switches', sub.tab_switches,
    'time_taken', sub.time_taken,
    'answers_fingerprint', sub.answers_fingerprint,
    'solutions_available', released,
    -- Set while the solutions are still held back for the rest of the room.
    'solutions_release_at', case when within_day and not released then release_at end,
    'solutions', case when released then (
      -- The exam the code was given (its snapshot) in question order; without one, the bank as before.
      select coalesce(jsonb_agg(jsonb_build_object(
               'question_number', q.question_number, 'question_text', q.question_text,
               'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d,
               'correct_answer', q.correct_answer,
               'student_answer', sub.answers ->> q.question_number::text,
               'is_correct', coalesce((sub.answers ->> q.question_number::text) = q.correct_answer, false))
             order by q.question_number), '[]'::jsonb)
        from (select aq.question_number, aq.question_text, aq.option_a, aq.option_b, aq.option_c, aq.option_d, aq.correct_answer
                from public.attempt_questions aq
               where aq.login_code = sub.login_code
              union all
              select bq.question_number, bq.question_text, bq.option_a, bq.option_b, bq.option_c, bq.option_d, bq.correct_answer
                from public.questions bq
               where public.is_usable_mcq(bq) and bq.question_number between 1 and 50
                 and not exists (select 1 from public.attempt_questions aq where aq.login_code = sub.login_code)) q
    ) end);
end
$$;
comment on function private.exam_questions(text, uuid, text) is
  'The exam of the code''s first start (its snapshot, taken then: the usable MCQ questions numbered 1 to 50 in the code''s order, each with its options'' order), never with correct_answer, for an unused code while the exam window (its end moved by the code''s extra minutes) is open and its time is not over (time_over); records the attempt''s start and answers its deadline and answer-file key.';
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Checks every argument, claims the code and stores the submission last, scored against the code''s snapshot (else the bank) with the questions its exam served, all or nothing, under the lateness rule of migration 20261122000300. Idempotent on submission_id.';
