-- record_submission and lookup_result as small named steps (issue 24), so that a later change
-- replaces one step and its diff shows what changed; and a cheaper submission on the same path.
--
-- Nothing a caller sees changes: every outcome, message, stored field and log row is as in
-- migrations 20261127000600 (record_submission) and 20261127000200 (lookup_result).
--
-- record_submission is now: check the arguments (check_submission_arguments), claim the code
-- (claim_login_code: a retry's receipt, or a refusal, or the code marked used), decide which
-- answers count (counted_answers: a late arrival once its solutions could be out counts only
-- what its attempt reported in time), score them (score_submission) and store the submission
-- (store_submission). lookup_result is: find the code's submission (find_result), decide whether
-- its solutions are shown (solutions_availability) and list them (list_solutions).
--
-- Cheaper, measured with bench/submission-herd*.bench.ts (bench/RESULTS.md has the figures):
-- - score_submission reads the code's snapshot once, for the score, the questions served and the
--   key the submission keeps (served_key, with any key correction), which the BEFORE INSERT
--   trigger record_served_key then no longer reads again (it still fills in the key of any other
--   insert, through the same snapshot_key).
-- - The tallies of submissions per 15 minutes have 256 shards instead of 32 (at the end).
-- - The functions every submission calls once or more and that were written in SQL with a SET
--   clause (so never inlined) are plpgsql, with the same bodies: code_guessing_limited,
--   request_client_id, normalize_login_code, answers_canonical, answers_fingerprint and
--   submission_receipt. PostgreSQL before 18 plans a SQL function's query anew in every
--   transaction; plpgsql keeps its plans for the connection's life.
-- - The code's attempts are read once, under the code's lock, for the first start, the deadline
--   and the tab switches.
-- - The steps are called as plain expressions (step := function(...)), which plpgsql evaluates
--   without a query of their own.
--
-- Every step is in private, with search_path = '', and executable by no API role: anon and
-- authenticated reach them only through submit_exam, recover_submission_from_file and
-- lookup_result (tests/integration/submission-steps.test.ts).

-- Validate: every argument is checked before anything is read or scored (migration
-- 20261124000100), with our own message for each, in this order. A code that is not a code at all
-- is answered like an unknown code (the caller counts it as a failed guess), before the other
-- arguments are looked at. Answers null when every argument can be used.
create or replace function private.check_submission_arguments(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz
) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  if check_submission_arguments.submission_id is null then
    perform private.invalid_argument('submission_id is required');
  end if;
  if check_submission_arguments.code is null or check_submission_arguments.code !~ '^[A-Z0-9]{8}$' then
    return jsonb_build_object('outcome', 'invalid_code');
  end if;
  if check_submission_arguments.student_name is null or length(check_submission_arguments.student_name) not between 2 and 200 then
    perform private.invalid_argument('student_name must be 2 to 200 characters');
  end if;
  if check_submission_arguments.answers is null or jsonb_typeof(check_submission_arguments.answers) <> 'object'
     or exists (select 1 from jsonb_each(check_submission_arguments.answers) a
                 where a.key !~ '^([1-9]|[1-4][0-9]|50)$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    perform private.invalid_argument('answers must map question numbers 1 to 50 to A, B, C or D');
  end if;
  if check_submission_arguments.tab_switches is not null and check_submission_arguments.tab_switches not between 0 and 100000 then
    perform private.invalid_argument('tab_switches must be between 0 and 100000');
  end if;
  if check_submission_arguments.time_taken is null or check_submission_arguments.time_taken not between 0 and 86400 then
    perform private.invalid_argument('time_taken must be between 0 and 86400 seconds');
  end if;
  if not isfinite(check_submission_arguments.started_at) or not isfinite(check_submission_arguments.submitted_at) then
    perform private.invalid_argument('started_at and submitted_at must be real moments');
  end if;
  return null;
end
$$;
comment on function private.check_submission_arguments(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'record_submission''s first step: refuses an argument out of range with our own message (SQLSTATE 22023), answers invalid_code for a code (normalized) that is not one, null when every argument can be used.';
revoke execute on function private.check_submission_arguments(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz)
  from public, anon, authenticated;

-- Claim: the code is locked first, so concurrent submissions for one code queue here and the
-- retry check sees whatever the one before committed. A stored submission id answers its
-- receipt (idempotency); an unknown code, a used one (the attempt is marked refused), a code with
-- no recorded start (migration 20261127000300: it cannot have been written on, so nothing
-- changes) and a submission made outside the code's time (the lateness rule of migration
-- 20261122000300: between the first start and the deadline, each with 2 minutes of grace for the
-- travel) are answered without storing anything. Otherwise the code is marked used by this
-- submission, and the step answers what the next steps need from the code's attempts: the first
-- start, when its time closed (the earliest deadline plus grace), when the submission was made
-- (the device's stamp, never in the future) and the most tab switches any attempt reported.
create or replace function private.claim_login_code(
  submission_id uuid,
  code text,
  student_name text,
  submitted_at timestamptz,
  out answer jsonb,
  out first_start timestamptz,
  out closes_at timestamptz,
  out sent_at timestamptz,
  out reported_tab_switches integer
)
language plpgsql volatile set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  claimed public.login_codes;
  existing public.submissions;
begin
  select * into claimed from public.login_codes lc where lc.code = claim_login_code.code for update;

  select * into existing from public.submissions s where s.id = claim_login_code.submission_id;
  if found then
    if existing.login_code <> claim_login_code.code then
      perform private.invalid_argument('submission id belongs to another login code');
    end if;
    answer := public.submission_receipt(existing);
    return;
  end if;

  if claimed.id is null then
    answer := jsonb_build_object('outcome', 'invalid_code');
    return;
  end if;
  if claimed.is_used then
    answer := private.refuse_attempt(claim_login_code.submission_id, claim_login_code.code, 'code_used');
    return;
  end if;

  select min(a.started_at), min(a.deadline) + grace, max(a.tab_switches)
    into first_start, closes_at, reported_tab_switches
    from public.exam_attempts a where a.login_code = claim_login_code.code;
  if first_start is null then
    answer := jsonb_build_object('outcome', 'not_started');
    return;
  end if;

  sent_at := least(coalesce(claim_login_code.submitted_at, now()), now());
  if sent_at > closes_at or sent_at < first_start - grace then
    answer := private.refuse_attempt(claim_login_code.submission_id, claim_login_code.code, 'exam_over');
    return;
  end if;

  update public.login_codes
     set is_used = true, used_by = claim_login_code.student_name, used_at = now()
   where id = claimed.id;
end
$$;
comment on function private.claim_login_code(uuid, text, text, timestamptz) is
  'record_submission''s second step: locks the code and answers a stored submission''s receipt, invalid_code, code_used, not_started or exam_over (answer); otherwise marks the code used by the student and answers the first start, when the code''s time closed (deadline plus 2 minutes of grace), when the submission was made and the most tab switches its attempts reported.';
revoke execute on function private.claim_login_code(uuid, text, text, timestamptz) from public, anon, authenticated;

-- Which answers count. Nobody can know the key before the solutions are released, so until then
-- a late arrival counts as sent (migration 20261127000600). Once they could be out (this row's
-- release has come, or any solutions were shown since the code's first start: a key once shown
-- stays out), a late arrival counts only the answers that match the copy its attempt (the one
-- whose id is the submission's) reported in time, none without a copy, and late_check keeps what
-- differs with both letters for the examiner. An answer file was checked against that copy
-- already (recover_submission_from_file), so it counts as sent.
create or replace function private.counted_answers(
  submission_id uuid,
  code text,
  answers jsonb,
  recovered_from_file boolean,
  first_start timestamptz,
  closes_at timestamptz,
  sent_at timestamptz,
  out counted jsonb,
  out late_check jsonb
)
language plpgsql stable set search_path = ''
as $$
declare
  candidate public.submissions;
  attempt public.exam_attempts;
begin
  counted := counted_answers.answers;
  if now() <= counted_answers.closes_at or coalesce(counted_answers.recovered_from_file, false) then
    return;
  end if;
  candidate.id := counted_answers.submission_id;
  candidate.login_code := counted_answers.code;
  candidate.started_at := counted_answers.first_start;
  -- A row's release only grows with its submitted_at (a later one waits for more sittings), and
  -- any submission whose 24 hours of solutions outlasted this attempt's deadline plus grace could
  -- have shown the key since: the key is out once the earliest of them has its release. A row
  -- stamped after a classmate's would otherwise wait for a sitting the classmate's do not.
  candidate.submitted_at := least(counted_answers.sent_at,
                                  (select min(s.submitted_at) from public.submissions s
                                    where s.submitted_at >= counted_answers.closes_at - interval '24 hours'));
  -- An unknown release (null) holds the key back, as a release still to come does.
  if (private.solutions_release_at(candidate) <= now() or private.solutions_shown_since(counted_answers.first_start)) is not true then
    return;
  end if;
  select a.* into attempt from public.exam_attempts a
   where a.id = counted_answers.submission_id and a.login_code = counted_answers.code;
  select coalesce(jsonb_object_agg(s.key, s.value), '{}'::jsonb) into counted
    from jsonb_each(counted_answers.answers) s
   where attempt.reported_answers -> s.key = s.value;
  late_check := jsonb_build_object(
    'reported_at', attempt.reported_answers_at,
    'received_at', attempt.reported_answers_received_at,
    'sent_answers', (select count(*) from jsonb_object_keys(counted_answers.answers)),
    'counted', (select count(*) from jsonb_object_keys(counted)),
    'differences', coalesce((
      select jsonb_agg(jsonb_build_object('question', q.question::integer,
                                          'reported', attempt.reported_answers ->> q.question,
                                          'sent', counted_answers.answers ->> q.question)
                       order by q.question::integer)
        from (select jsonb_object_keys(counted_answers.answers) as question
              union select jsonb_object_keys(coalesce(attempt.reported_answers, '{}'::jsonb))) q
       where (attempt.reported_answers -> q.question) is distinct from (counted_answers.answers -> q.question)),
      '[]'::jsonb));
end
$$;
comment on function private.counted_answers(uuid, text, jsonb, boolean, timestamptz, timestamptz, timestamptz) is
  'record_submission''s third step: the answers a submission counts (all it sent, except a late arrival, not from an answer file, once its solutions could be out: only those matching its attempt''s copy reported in time) and, for such a late arrival, late_check (sent_answers, counted, differences).';
revoke execute on function private.counted_answers(uuid, text, jsonb, boolean, timestamptz, timestamptz, timestamptz)
  from public, anon, authenticated;

-- The key a code's submission is scored against and keeps: its snapshot's letters, each replaced
-- by the latest key correction of its question (migration 20261124002040), whether any was
-- corrected, how many questions it served and how many of `answers` are its letters (the score
-- while nothing is corrected); a null key for a code without a snapshot. One read of the
-- snapshot, by score_submission and by the trigger that keys any other insert
-- (record_served_key), so both say the same.
create or replace function private.snapshot_key(
  login_code text,
  answers jsonb,
  out key jsonb,
  out corrected boolean,
  out served integer,
  out matching integer
)
language plpgsql stable set search_path = ''
as $$
begin
  select jsonb_object_agg(aq.question_number::text, coalesce(kc.accepted, aq.correct_answer)), bool_or(kc.accepted is not null),
         count(*), count(*) filter (where aq.correct_answer = snapshot_key.answers ->> aq.question_number::text)
    into key, corrected, served, matching
    from public.attempt_questions aq
    -- The latest correction of each question of this snapshot, read in one go rather than looked
    -- up once per question, which took about a third longer (bench/RESULTS.md).
    left join (select distinct on (c.question_id) c.question_id, c.accepted
                 from public.key_corrections c
                where c.question_id in (select q.question_id from public.attempt_questions q where q.login_code = snapshot_key.login_code)
                order by c.question_id, c.id desc) kc on kc.question_id = aq.question_id
   where aq.login_code = snapshot_key.login_code;
end
$$;
comment on function private.snapshot_key(text, jsonb) is
  'The answer key of a code''s snapshot (question number → letters, or * for a void question) with the latest key corrections, whether any applies, the questions served and how many of the answers match the snapshot''s letters; null key without a snapshot.';
revoke execute on function private.snapshot_key(text, jsonb) from public, anon, authenticated, service_role;

-- Score: against the exam the code was given at its first start (its snapshot: the questions it
-- served and their key, with key corrections), whatever the bank holds now, under the regrade
-- lock a stored submission holds shared, so a regrade running now sees this submission or this
-- submission sees its correction. The key is answered for the submission to keep (served_key).
-- A code without a snapshot (an attempt from before migration 20261124001010, or a snapshot gone
-- with the questions by the retention rule) is scored as before: its first attempt's count,
-- against the bank as it is, and its key is left to record_served_key.
create or replace function private.score_submission(
  code text,
  answers jsonb,
  out score integer,
  out served integer,
  out served_key jsonb
)
language plpgsql volatile set search_path = ''
as $$
declare
  snapshot record;
begin
  perform pg_catalog.pg_advisory_xact_lock_shared(private.regrade_lock_key());
  snapshot := private.snapshot_key(score_submission.code, score_submission.answers);
  if snapshot.key is not null then
    served_key := snapshot.key;
    served := snapshot.served;
    score := case when snapshot.corrected then private.score_against_key(score_submission.answers, snapshot.key)
                  else snapshot.matching end;
    return;
  end if;
  select a.question_count into served
    from public.exam_attempts a where a.login_code = score_submission.code order by a.started_at limit 1;
  select count(*) into score from jsonb_each_text(score_submission.answers) a
    join public.questions q on q.question_number = a.key::integer
   where q.correct_answer = a.value;
end
$$;
comment on function private.score_submission(text, jsonb) is
  'record_submission''s fourth step: the score of the answers that count and the questions served, from the code''s snapshot with key corrections (and the key, as served_key), else against the bank with its first attempt''s question count (served_key null).';
revoke execute on function private.score_submission(text, jsonb) from public, anon, authenticated;

-- Store: every attempt of the code is over (the proctor sees the submission received, with the
-- answers counted and the most tab switches ever reported), and the submission is the step's last
-- statement. Every value was checked before, so nothing the caller sent can make this insert fail,
-- and the score is never in an error (one from elsewhere, such as a unique key, also leaves
-- without its detail: private.raise_without_detail in the callers). What it stores about time
-- comes from the server: time taken from the recorded start to the arrival when it came in time
-- (to the device's stamp only for a late arrival); the device's claims are kept beside.
create or replace function private.store_submission(
  submission_id uuid,
  code text,
  student_name text,
  counted_answers jsonb,
  late_check jsonb,
  score integer,
  served integer,
  served_key jsonb,
  tab_switches integer,
  first_start timestamptz,
  sent_at timestamptz,
  arrived_late boolean,
  device_started_at timestamptz,
  device_time_taken integer,
  recovered_from_file boolean
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  stored public.submissions;
begin
  update public.exam_attempts a
     set state = 'received',
         answered_count = least(a.question_count, (select count(*) from jsonb_object_keys(store_submission.counted_answers))),
         tab_switches = greatest(a.tab_switches, store_submission.tab_switches)
   where a.login_code = store_submission.code;

  insert into public.submissions
    (id, student_name, login_code, answers, answers_fingerprint, score, question_count, tab_switches, time_taken,
     started_at, submitted_at, device_started_at, device_time_taken, recovered_from_file, arrived_late, late_check, served_key)
  values (
    store_submission.submission_id,
    store_submission.student_name,
    store_submission.code,
    store_submission.counted_answers,
    public.answers_fingerprint(store_submission.counted_answers),
    store_submission.score,
    -- At most the 50 an exam serves, and never below the score (a question changed after the
    -- start), so no percentage passes 100.
    greatest(1, store_submission.score, least(50, store_submission.served)),
    store_submission.tab_switches,
    least(86400, greatest(0, floor(extract(epoch from
      case when store_submission.arrived_late then store_submission.sent_at else now() end - store_submission.first_start))))::integer,
    store_submission.first_start,
    store_submission.sent_at,
    store_submission.device_started_at,
    store_submission.device_time_taken,
    coalesce(store_submission.recovered_from_file, false),
    store_submission.arrived_late,
    store_submission.late_check,
    store_submission.served_key)
  returning * into stored;

  return public.submission_receipt(stored);
end
$$;
comment on function private.store_submission(uuid, text, text, jsonb, jsonb, integer, integer, jsonb, integer, timestamptz, timestamptz, boolean, timestamptz, integer, boolean) is
  'record_submission''s last step: marks every attempt of the code received and stores the submission as the last statement, answering its receipt.';
revoke execute on function private.store_submission(uuid, text, text, jsonb, jsonb, integer, integer, jsonb, integer, timestamptz, timestamptz, boolean, timestamptz, integer, boolean)
  from public, anon, authenticated;

-- A submission, from submit_exam or an administrator's answer file: the steps above, in order,
-- all or nothing. Idempotent on submission_id.
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
  normalized_code text := public.normalize_login_code(record_submission.code);
  name text := btrim(record_submission.student_name);
  refusal jsonb;
  claim record;
  counting record;
  scoring record;
begin
  refusal := private.check_submission_arguments(record_submission.submission_id, normalized_code, name, record_submission.answers,
    record_submission.tab_switches, record_submission.time_taken, record_submission.started_at, record_submission.submitted_at);
  if refusal is not null then
    return refusal;
  end if;

  claim := private.claim_login_code(record_submission.submission_id, normalized_code, name, record_submission.submitted_at);
  if claim.answer is not null then
    return claim.answer;
  end if;

  counting := private.counted_answers(record_submission.submission_id, normalized_code, record_submission.answers,
    record_submission.recovered_from_file, claim.first_start, claim.closes_at, claim.sent_at);
  scoring := private.score_submission(normalized_code, counting.counted);

  return private.store_submission(
    submission_id => record_submission.submission_id,
    code => normalized_code,
    student_name => name,
    counted_answers => counting.counted,
    late_check => counting.late_check,
    score => scoring.score,
    served => scoring.served,
    served_key => scoring.served_key,
    -- The most the code's devices ever reported: a new submission id takes nothing back.
    tab_switches => greatest(coalesce(record_submission.tab_switches, 0), claim.reported_tab_switches),
    first_start => claim.first_start,
    sent_at => claim.sent_at,
    arrived_late => now() > claim.closes_at,
    device_started_at => record_submission.started_at,
    device_time_taken => record_submission.time_taken,
    recovered_from_file => record_submission.recovered_from_file);
end
$$;
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Checks every argument, claims the code and stores the submission last, scored against the code''s snapshot (else the bank) with the questions its exam served, all or nothing, under the lateness rule of migration 20261122000300; a late arrival once its solutions could be out (their release has come, or solutions were shown since the code''s first start) counts only the answers its attempt reported in time (late_check keeps what differs). invalid_code, code_used, not_started (the code has no recorded start: nothing changes) or exam_over. Idempotent on submission_id. Steps: check_submission_arguments, claim_login_code, counted_answers, score_submission, store_submission.';

-- As in migration 20261124002040, the key read through snapshot_key (the same query): a
-- submission stored by record_submission comes with its key, any other insert is keyed here.
create or replace function private.record_served_key() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  snapshot record;
begin
  if new.served_key is null then
    perform pg_catalog.pg_advisory_xact_lock_shared(private.regrade_lock_key());
    snapshot := private.snapshot_key(new.login_code, new.answers);
    new.served_key := snapshot.key;
    if new.served_key is null then
      new.served_key := coalesce(
        (select jsonb_object_agg(q.question_number::text, q.correct_answer)
           from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50),
        '{}'::jsonb);
    elsif snapshot.corrected then
      new.score := private.score_against_key(new.answers, new.served_key);
    end if;
  end if;
  return new;
end
$$;

-- Find: the code as typed, and its latest submission, or why there is no result to show: an
-- unknown code, one older than 7 days, one never used, one with no submission, or a result older
-- than 30 days (the retention rule).
create or replace function private.find_result(code text, out answer jsonb, out submission public.submissions)
language plpgsql stable set search_path = ''
as $$
declare
  found_code public.login_codes;
begin
  select * into found_code from public.login_codes lc where lc.code = public.normalize_login_code(find_result.code);
  if not found then
    answer := jsonb_build_object('outcome', 'invalid');
  elsif found_code.created_at < now() - interval '7 days' then
    answer := jsonb_build_object('outcome', 'code_expired');
  elsif not found_code.is_used then
    answer := jsonb_build_object('outcome', 'unused');
  else
    select * into submission from public.submissions s where s.login_code = found_code.code order by s.submitted_at desc limit 1;
    if not found then
      answer := jsonb_build_object('outcome', 'no_submission');
    elsif submission.submitted_at < now() - interval '30 days' then
      answer := jsonb_build_object('outcome', 'result_expired');
    end if;
  end if;
end
$$;
comment on function private.find_result(text) is
  'lookup_result''s first step: the latest submission of a code as typed, or the outcome when there is none to show (invalid, code_expired, unused, no_submission, result_expired).';
revoke execute on function private.find_result(text) from public, anon, authenticated;

-- Decide availability: the solutions are the exam the code was given, its snapshot (a code never
-- started has none, and once the clean-up took a started code's there is none to list, as after
-- 24 hours). They are listed within 24 hours of the submission once every attempt that could
-- still be written is over (private.solutions_release_at, migration 20261127000200); until then
-- they are held, with the time they come when it is known.
create or replace function private.solutions_availability(
  submission public.submissions,
  out available boolean,
  out held boolean,
  out held_until timestamptz
)
language plpgsql stable set search_path = ''
as $$
declare
  within_day boolean;
  release_at timestamptz;
begin
  within_day := solutions_availability.submission.submitted_at >= now() - interval '24 hours'
    and exists (select 1 from public.attempt_questions aq where aq.login_code = solutions_availability.submission.login_code);
  release_at := private.solutions_release_at(solutions_availability.submission);
  available := within_day and coalesce(now() >= release_at, false);
  held := within_day and not available;
  held_until := case when held then release_at end;
end
$$;
comment on function private.solutions_availability(public.submissions) is
  'lookup_result''s second step: whether a submission''s solutions are shown now (available), or held back for the rest of the room (held, until held_until when that time is known).';
revoke execute on function private.solutions_availability(public.submissions) from public, anon, authenticated;

-- List: each question of the code's snapshot with the student's answer and what the submission
-- is scored against now (accepted: its served_key entry, the key it was given, a key correction's
-- letters, or * for a void question), so the page marks what the score counts (migration
-- 20261124004100).
create or replace function private.list_solutions(submission public.submissions) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'question_number', aq.question_number, 'question_text', aq.question_text,
           'option_a', aq.option_a, 'option_b', aq.option_b, 'option_c', aq.option_c, 'option_d', aq.option_d,
           'correct_answer', aq.correct_answer,
           'accepted', k.accepted,
           'student_answer', submission.answers ->> aq.question_number::text,
           'is_correct', coalesce(private.key_accepts(k.accepted, submission.answers ->> aq.question_number::text), false))
         order by aq.question_number), '[]'::jsonb)
    from public.attempt_questions aq
    cross join lateral (select coalesce(submission.served_key ->> aq.question_number::text, aq.correct_answer) as accepted) k
   where aq.login_code = submission.login_code
$$;
comment on function private.list_solutions(public.submissions) is
  'lookup_result''s last step: the per-question solutions of a submission from its code''s snapshot, in question order, each with the student''s answer, the key, what the score accepts and whether the answer counts.';
revoke execute on function private.list_solutions(public.submissions) from public, anon, authenticated;

-- The solutions page's answer for a code as typed: the steps above (find, decide, list).
create or replace function private.lookup_result(code text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  result record;
  solutions record;
begin
  result := private.find_result(lookup_result.code);
  if result.answer is not null then
    return result.answer;
  end if;
  solutions := private.solutions_availability(result.submission);
  return jsonb_build_object(
    'outcome', 'ok',
    'student_name', (result.submission).student_name,
    'login_code', (result.submission).login_code,
    'started_at', (result.submission).started_at,
    'submitted_at', (result.submission).submitted_at,
    'score', (result.submission).score,
    'total', (result.submission).question_count,
    'tab_switches', (result.submission).tab_switches,
    'time_taken', (result.submission).time_taken,
    'answers_fingerprint', (result.submission).answers_fingerprint,
    'solutions_available', solutions.available,
    'solutions_held', solutions.held,
    'solutions_release_at', solutions.held_until,
    'solutions', case when solutions.available then private.list_solutions(result.submission) end);
end
$$;
comment on function private.lookup_result(text) is
  'The solutions page''s answer for a code as typed: every outcome of the spec; per-question solutions from the code''s snapshot only (a code never started lists none) within 24 hours of submission, once every attempt that could still be written is over (solutions_held until then, with solutions_release_at when that time is known), and while the snapshot is kept; each with the answers its score now accepts (accepted: letters, or * for a void question). Steps: find_result, solutions_availability, list_solutions.';

-- Cheaper on every submission, the same answers: plpgsql keeps its plans for the connection's
-- life, where a SQL function with a SET clause is planned anew in every transaction (before
-- PostgreSQL 18). As in migrations 20261127000500 (code_guessing_limited, request_client_id),
-- 20261124000600 (submission_receipt), 20261122000300 (answers_canonical, answers_fingerprint) and
-- 20261121000200 (normalize_login_code).
create or replace function private.code_guessing_limited(address text) returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  return ((select coalesce(sum(f.failures), 0)
             from public.code_guess_failures f
            where f.client_address = code_guessing_limited.address and f.minute > now() - interval '10 minutes')
            >= private.address_guess_limit()
          and not private.address_trusted(code_guessing_limited.address))
      or (select coalesce(sum(c.failures), 0)
            from private.code_guess_client_failures c
           where c.client_address = code_guessing_limited.address and c.client_id = private.request_client_id()
             and c.minute > now() - interval '10 minutes') >= private.client_guess_limit();
end
$$;

create or replace function private.request_client_id() returns text
language plpgsql stable set search_path = ''
as $$
begin
  return left(btrim(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-holdfast-client', '')), 64);
end
$$;

create or replace function public.submission_receipt(s public.submissions) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  return jsonb_build_object(
    'outcome', 'accepted',
    'submission_id', s.id,
    'score', s.score,
    'total', s.question_count,
    'received_at', s.received_at,
    'answers_fingerprint', s.answers_fingerprint);
end
$$;

create or replace function private.answers_canonical(answers jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return (select coalesce(string_agg(a.key || ':' || a.value, ',' order by a.key::integer), '')
            from jsonb_each_text(answers_canonical.answers) as a);
end
$$;

create or replace function public.answers_fingerprint(answers jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  -- The app computes the same on the device.
  return left(encode(sha256(convert_to(private.answers_canonical(answers_fingerprint.answers), 'UTF8')), 'hex'), 12);
end
$$;

create or replace function public.normalize_login_code(code text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  -- Codes are pasted from messages: strip tabs, line breaks and non-breaking spaces too.
  return upper(regexp_replace(normalize_login_code.code, '^[[:space:]\u00a0]+|[[:space:]\u00a0]+$', '', 'g'));
end
$$;

-- Fewer waits between concurrent submissions on PostgreSQL: each submission adds itself to one
-- shard of its 15-minute tally (migration 20261124000200) and holds that row until it commits,
-- which for a submission through the gateway is a round trip after its last statement. With 32
-- shards, the herd bench's submissions spent more time waiting for each other's shard than in
-- all of submit_exam's own work; 256 make such a meeting eight times rarer. A bucket's sums are
-- the same whatever the shards; the tallies are counted again from the submissions, as they
-- were first, so that a void or restore takes a submission back from the shard it is in.
alter table public.submission_tallies drop constraint submission_tallies_shard_check;
alter table public.submission_tallies add constraint submission_tallies_shard_check check (shard between 0 and 255);

create or replace function private.tally_submission(row_submitted_at timestamptz, row_id uuid, row_score integer,
                                                    row_question_count integer, sign integer)
returns void
language plpgsql volatile set search_path = ''
as $$
declare
  slot timestamptz := date_bin(interval '15 minutes', row_submitted_at, timestamptz '2000-01-01 00:00+00');
  slot_shard smallint := abs(hashtext(row_id::text)) % 256;
  passes integer := case when public.passes(row_score, row_question_count) then 1 else 0 end;
begin
  if sign > 0 then
    insert into public.submission_tallies as t (bucket, shard, submissions, score_sum, question_sum, passed)
    values (slot, slot_shard, 1, row_score, row_question_count, passes)
    on conflict (bucket, shard) do update
      set submissions = t.submissions + 1, score_sum = t.score_sum + excluded.score_sum,
          question_sum = t.question_sum + excluded.question_sum, passed = t.passed + excluded.passed;
  else
    update public.submission_tallies t
       set submissions = t.submissions - 1, score_sum = t.score_sum - row_score,
           question_sum = t.question_sum - row_question_count, passed = t.passed - passes
     where t.bucket = slot and t.shard = slot_shard;
    delete from public.submission_tallies t where t.bucket = slot and t.shard = slot_shard and t.submissions = 0;
  end if;
end
$$;

delete from public.submission_tallies;
insert into public.submission_tallies (bucket, shard, submissions, score_sum, question_sum, passed)
select date_bin(interval '15 minutes', s.submitted_at, timestamptz '2000-01-01 00:00+00'), abs(hashtext(s.id::text)) % 256,
       count(*), sum(s.score), sum(s.question_count), count(*) filter (where public.passes(s.score, s.question_count))
  from public.submissions s
 where s.voided_at is null
 group by 1, 2;
