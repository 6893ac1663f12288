-- A submission needs a recorded start (issue 23, item 2; probed in
-- tests/integration/security-submission-needs-start.test.ts).
--
-- A real device always starts before it submits: exam_questions records its attempt, and that is
-- how it gets the questions. A code never started could still submit at any time, with any
-- claimed times, and was scored against the bank as it stood when the submission arrived: four
-- hours after the window, a backdated sheet was stored with no "Arrived late", and a code burnt
-- that way listed whatever the bank held later.
--
-- record_submission now refuses a new submission whose code has no recorded start with the
-- outcome not_started, changing nothing (the code stays unused, nothing is read for a score or
-- stored). submit_exam and the administrators' answer-file recovery both go through it. A retry of
-- a submission already stored still answers its receipt, and a used code still answers code_used.
-- Every new submission therefore has its code's first start and deadline: the branches for one
-- without them (the device's times kept inside the active window) are gone.

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
  -- Two minutes for a press of Submit just before the deadline to travel.
  grace constant interval := interval '2 minutes';
  normalized_code text := public.normalize_login_code(record_submission.code);
  name text := btrim(record_submission.student_name);
  claimed_code public.login_codes;
  existing public.submissions;
  first_start timestamptz;
  deadline timestamptz;
  served integer;
  effective_submitted_at timestamptz;
  tab_total integer;
  score integer;
  stored public.submissions;
begin
  -- Every argument is checked before anything is read or scored (migration 20261124000100).
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

  -- A device gets the questions only by starting, which records the attempt: a code with no
  -- recorded start cannot have been written on, so its submission is refused and changes nothing.
  select min(a.started_at), min(a.deadline) into first_start, deadline
    from public.exam_attempts a where a.login_code = normalized_code;
  if first_start is null then
    return jsonb_build_object('outcome', 'not_started');
  end if;

  -- The lateness rule of migration 20261122000300: made between the code's first start and its deadline.
  effective_submitted_at := least(coalesce(record_submission.submitted_at, now()), now());
  if effective_submitted_at > deadline + grace or effective_submitted_at < first_start - grace then
    return private.refuse_attempt(record_submission.submission_id, normalized_code, 'exam_over');
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
  -- their answer key, whatever the bank holds now. A code without one (an attempt from before
  -- migration 20261124001010, or a snapshot gone with the questions by the retention rule) is
  -- scored as before: its first attempt's count, against the bank as it is.
  select count(*) into served from public.attempt_questions aq where aq.login_code = normalized_code;
  if served > 0 then
    select count(*) into score from jsonb_each_text(record_submission.answers) a
      join public.attempt_questions aq on aq.login_code = normalized_code and aq.question_number = a.key::integer
     where aq.correct_answer = a.value;
  else
    select a.question_count into served
      from public.exam_attempts a where a.login_code = normalized_code order by a.started_at limit 1;
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
    -- The server's clock from the recorded start, to the arrival when it came in time (to the
    -- device's stamp only for a late arrival).
    least(86400, greatest(0, floor(extract(epoch from
      case when now() <= deadline + grace then now() else effective_submitted_at end - first_start))))::integer,
    first_start,
    effective_submitted_at,
    record_submission.started_at,
    record_submission.time_taken,
    coalesce(record_submission.recovered_from_file, false),
    now() > deadline + grace)
  returning * into stored;

  return public.submission_receipt(stored);
end
$$;
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Checks every argument, claims the code and stores the submission last, scored against the code''s snapshot (else the bank) with the questions its exam served, all or nothing, under the lateness rule of migration 20261122000300. invalid_code, code_used, not_started (the code has no recorded start: nothing changes) or exam_over. Idempotent on submission_id.';

comment on function private.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'A submission sent by the student''s device, through private.record_submission: accepted, invalid_code, code_used, not_started (its code was never started) or exam_over.';
