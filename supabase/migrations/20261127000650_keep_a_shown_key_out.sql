-- Landed after 20261127000600 was first applied: what later fixes of issue 23 added to it (and
-- to 20261127000100 and 000200), moved here because a landed migration is never edited.
--   * A key once shown stays out: submissions.solutions_shown_at, set by lookup_result the first
--     time it shows solutions; a late arrival counts only its in-time copy once solutions were
--     shown since its first start; extra time cannot reopen an exam that is over once they were;
--     no first start after the window's end once a key of the sitting has been shown.
--   * A sitting prepared inactive holds an earlier sitting's solutions until it is over (not only
--     until it starts).
--   * Deleting login codes logs which of them had been used.

alter table public.submissions add column solutions_shown_at timestamptz;
comment on column public.submissions.solutions_shown_at is
  'When lookup_result first showed this submission''s solutions (with their key); never cleared. From then on the key is out, whatever the computed release says later.';
-- Late arrivals and extra time ask whether any solutions were shown since a moment.
create index submissions_solutions_shown_at_idx on public.submissions (solutions_shown_at)
  where solutions_shown_at is not null;

-- Whether any submission's solutions were first shown at or after `moment`. Any submission, not
-- only one sharing questions with an attempt: there is one question bank, a snapshot may be gone
-- with the clean-up, and solutions are held while any unsubmitted attempt started in the last 24
-- hours is open, so one shown after an attempt's start was shown once its time was over. A key
-- shown before the start could have been reported in time anyway: the in-time copy checks nothing
-- more there.
create function private.solutions_shown_since(moment timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.submissions s where s.solutions_shown_at >= solutions_shown_since.moment)
$$;
revoke execute on function private.solutions_shown_since(timestamptz) from public, anon, authenticated;


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
  candidate public.submissions;
  release_at timestamptz;
  attempt public.exam_attempts;
  counted_answers jsonb := record_submission.answers;
  answers_late_check jsonb;
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

  -- Nobody can know the key before the solutions are released, so until then a late arrival is
  -- taken as sent. Once they could be out, only what the device's attempt (its id is the
  -- submission's) reported in time counts. An answer file was checked against that copy already.
  if now() > deadline + grace and not coalesce(record_submission.recovered_from_file, false) then
    candidate.id := record_submission.submission_id;
    candidate.login_code := normalized_code;
    candidate.started_at := first_start;
    -- A row's release only grows with its submitted_at (a later one waits for more sittings), and
    -- any submission whose 24 hours of solutions outlasted this attempt's deadline plus grace
    -- could have shown the key since: the key is out once the earliest of them has its release.
    -- A row stamped after a classmate's would otherwise wait for a sitting the classmate's do not.
    candidate.submitted_at := least(effective_submitted_at,
                                    (select min(s.submitted_at) from public.submissions s
                                      where s.submitted_at >= deadline + grace - interval '24 hours'));
    release_at := private.solutions_release_at(candidate);
    -- A key once shown stays out, though the release computed now may have moved back.
    if release_at <= now() or private.solutions_shown_since(first_start) then
      select a.* into attempt from public.exam_attempts a
       where a.id = record_submission.submission_id and a.login_code = normalized_code;
      select coalesce(jsonb_object_agg(s.key, s.value), '{}'::jsonb) into counted_answers
        from jsonb_each(record_submission.answers) s
       where attempt.reported_answers -> s.key = s.value;
      answers_late_check := jsonb_build_object(
        'reported_at', attempt.reported_answers_at,
        'received_at', attempt.reported_answers_received_at,
        'sent_answers', (select count(*) from jsonb_object_keys(record_submission.answers)),
        'counted', (select count(*) from jsonb_object_keys(counted_answers)),
        'differences', coalesce((
          select jsonb_agg(jsonb_build_object('question', q.question::integer,
                                              'reported', attempt.reported_answers ->> q.question,
                                              'sent', record_submission.answers ->> q.question)
                           order by q.question::integer)
            from (select jsonb_object_keys(record_submission.answers) as question
                  union select jsonb_object_keys(coalesce(attempt.reported_answers, '{}'::jsonb))) q
           where (attempt.reported_answers -> q.question) is distinct from (record_submission.answers -> q.question)),
          '[]'::jsonb));
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
         answered_count = least(a.question_count, (select count(*) from jsonb_object_keys(counted_answers))),
         tab_switches = greatest(a.tab_switches, tab_total)
   where a.login_code = normalized_code;

  -- The exam the code was given at its first start (its snapshot): the questions it served and
  -- their answer key, whatever the bank holds now. A code without one (an attempt from before
  -- migration 20261124001010, or a snapshot gone with the questions by the retention rule) is
  -- scored as before: its first attempt's count, against the bank as it is.
  select count(*) into served from public.attempt_questions aq where aq.login_code = normalized_code;
  if served > 0 then
    select count(*) into score from jsonb_each_text(counted_answers) a
      join public.attempt_questions aq on aq.login_code = normalized_code and aq.question_number = a.key::integer
     where aq.correct_answer = a.value;
  else
    select a.question_count into served
      from public.exam_attempts a where a.login_code = normalized_code order by a.started_at limit 1;
    select count(*) into score from jsonb_each_text(counted_answers) a
      join public.questions q on q.question_number = a.key::integer
     where q.correct_answer = a.value;
  end if;

  -- The submission as the call's last statement: every value below was checked above, so
  -- nothing the caller sent can make this insert fail, and the score is never in an error (one
  -- from elsewhere, such as a unique key, also leaves without its detail).
  insert into public.submissions
    (id, student_name, login_code, answers, answers_fingerprint, score, question_count, tab_switches, time_taken,
     started_at, submitted_at, device_started_at, device_time_taken, recovered_from_file, arrived_late, late_check)
  values (
    record_submission.submission_id,
    name,
    normalized_code,
    counted_answers,
    public.answers_fingerprint(counted_answers),
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
    now() > deadline + grace,
    answers_late_check)
  returning * into stored;

  return public.submission_receipt(stored);
end
$$;
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Checks every argument, claims the code and stores the submission last, scored against the code''s snapshot (else the bank) with the questions its exam served, all or nothing, under the lateness rule of migration 20261122000300; a late arrival once its solutions could be out (their release has come, or solutions were shown since the code''s first start) counts only the answers its attempt reported in time (late_check keeps what differs). invalid_code, code_used, not_started (the code has no recorded start: nothing changes) or exam_over. Idempotent on submission_id.';

-- As in migration 20261127000400, with a late arrival's answers not counted beside a recovered

create or replace function public.lookup_result(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  sub public.submissions;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.lookup_result(code);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  if answer ->> 'outcome' = 'ok' then
    select * into sub from public.submissions s where s.login_code = answer ->> 'login_code' order by s.submitted_at desc limit 1;
    if sub.voided_at is not null then
      return jsonb_build_object('outcome', 'withdrawn');
    end if;
    if answer -> 'solutions_available' = 'true'::jsonb and sub.solutions_shown_at is null then
      update public.submissions s set solutions_shown_at = now() where s.id = sub.id and s.solutions_shown_at is null;
    end if;
    if sub.score_before_regrade is not null then
      return answer || jsonb_build_object('regraded_from', sub.score_before_regrade);
    end if;
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.lookup_result(text) is 'The solutions page: every outcome of the spec, withdrawn for a voided submission, regraded_from (the score before) for a regraded one, per-question solutions only within 24 hours of submission and once the exam is over for everyone, the moment they are first shown kept in submissions.solutions_shown_at; rate_limited after too many invalid codes from this client or address.';

-- As in migration 20261122000100, except that more extra time for a code whose exam is over

create or replace function private.shift_attempt_deadlines() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if new.extra_minutes > old.extra_minutes and not new.is_used
     and exists (select 1 from public.exam_attempts a
                  where a.login_code = new.code
                    and a.deadline + interval '2 minutes' < now()
                    and private.solutions_shown_since(a.started_at)) then
    -- The Login Code Manager shows this text as it is.
    perform private.invalid_argument(
      'The solutions of this exam have been shown, so extra time can no longer reopen this student''s exam.');
  end if;
  update public.exam_attempts a
     set deadline = a.deadline + make_interval(mins => new.extra_minutes - old.extra_minutes)
   where a.login_code = new.code;
  return null;
end
$$;
comment on function private.shift_attempt_deadlines() is 'Moves the deadlines of a code''s attempts when its extra minutes change; refuses more extra time for an unused code whose exam is over once solutions have been shown since it started.';


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
  -- After the window's end a code starts only on its extra minutes; once a key of this sitting has
  -- been shown, a first start then (a code made, or given time, after the release) would write
  -- with the key in hand.
  if schedule.id is not null and now() > schedule.end_time
     and not exists (select 1 from public.exam_attempts a where a.login_code = login.code)
     and private.solutions_shown_since(schedule.start_time) then
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
comment on function private.exam_questions(text, uuid, text) is
  'The exam of the code''s first start (its snapshot, taken then: the usable MCQ questions numbered 1 to 50 in the code''s order, each with its options'' order), never with correct_answer, for an unused code while the exam window (its end moved by the code''s extra minutes) is open and its time is not over (time_over); no first start after the window''s end once a key of the sitting has been shown (exam_closed); records the attempt''s start and answers its deadline and answer-file key.';


create or replace function private.record_login_code_batch() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  batch_size integer;
  codes jsonb;
  extra integer;
  extra_by_code jsonb;
  used_codes jsonb;
begin
  if tg_op = 'INSERT' then
    select count(*), jsonb_agg(b.code order by b.code),
           case when min(b.extra_minutes) = max(b.extra_minutes) then max(b.extra_minutes) end,
           case when min(b.extra_minutes) <> max(b.extra_minutes)
                then jsonb_object_agg(b.code, b.extra_minutes) filter (where b.extra_minutes > 0) end
      into batch_size, codes, extra, extra_by_code
      from inserted b;
  else
    -- A used code deleted takes its attempts and snapshot with it and hides its result from the
    -- student (the submission stays): the log says which codes were used.
    select count(*), jsonb_agg(b.code order by b.code), jsonb_agg(b.code order by b.code) filter (where b.is_used)
      into batch_size, codes, used_codes
      from deleted b;
  end if;
  if batch_size > 0 then
    perform private.record_activity(
      case when tg_op = 'INSERT' then 'codes_generated' else 'codes_deleted' end,
      case when batch_size = 1 then codes ->> 0 end,
      jsonb_strip_nulls(jsonb_build_object('count', batch_size, 'codes', codes, 'extra_minutes', extra,
                                           'extra_minutes_by_code', extra_by_code, 'used_codes', used_codes)));
  end if;
  return null;
end
$$;
comment on function private.record_login_code_batch() is
  'Records login codes generated or deleted by one statement: the codes, the extra time they were made with (one figure, or each code''s when they differ), and which of those deleted had been used.';


create or replace function private.solutions_release_at(sub public.submissions) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  shown_for constant interval := interval '24 hours';
  unstarted_extra integer;
  last_window_end timestamptz;
  last_deadline timestamptz;
begin
  -- A started code keeps its first start's deadline (below); one never started may still start.
  select max(lc.extra_minutes) into unstarted_extra
    from public.login_codes lc
   where not lc.is_used
     and not exists (select 1 from public.exam_attempts a where a.login_code = lc.code);
  if unstarted_extra is not null and not exists (select 1 from public.active_exam_schedule()) then
    return null;
  end if;
  -- There is one question bank, and the clean-up deletes questions and snapshots only 24 hours
  -- after the last closed window; solutions are shown only within 24 hours of the submission. So
  -- any active schedule starting before then may serve these same questions (or become the one
  -- students take): until its end, moved by the extra time of a code that may still start, the
  -- key stays held. So does a sitting prepared inactive that is not over yet: a teacher turns the
  -- afternoon's on after lunch, maybe a few minutes after its start.
  select max(es.end_time) into last_window_end
    from public.exam_schedule es
   where (es.is_active or es.end_time > now()) and es.start_time < sub.submitted_at + shown_for;
  -- A deadline is at most 6 hours after its start (180 minutes and 180 extra): 24 hours cover all.
  select max(a.deadline) into last_deadline
    from public.exam_attempts a
   where a.started_at > now() - shown_for
     and not exists (select 1 from public.submissions s where s.login_code = a.login_code);
  return greatest(
    last_window_end + make_interval(mins => coalesce(unstarted_extra, 0)),
    last_deadline,
    sub.submitted_at) + grace;
end
$$;
comment on function private.solutions_release_at(public.submissions) is
  'When every attempt that could still be written is over (migration 20261127000200): the deadline of every attempt without a submission started in the last 24 hours, the end of every active schedule (or inactive one not over yet) starting within 24 hours of the submission moved by the largest extra time of a code never started, plus 2 minutes of grace; null (not known) while a code never started exists and no schedule is active.';

