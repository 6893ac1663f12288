-- A late submission that arrives once the solutions could be out counts only what its device
-- reported in time (issue 23, found while fixing items 1 to 3).
--
-- A submission stamped by the device before its deadline (plus the 2 minutes of grace) is accepted
-- however late it arrives: a device offline at the deadline sends later (docs/architecture.md,
-- "Offline model"). But the solutions no longer wait for an attempt whose deadline has passed, so a
-- student whose device never sent could read a classmate's solutions and then send every answer
-- right, stamped in time. Nobody can know the key before the solutions are released: a late
-- arrival while its own solutions are still held (private.solutions_release_at of the row being
-- stored, or of an earlier submission shown since its deadline, is unknown or still to come) is
-- stored and scored as before. One arriving after that counts only the answers that match the
-- copy its attempt reported by the deadline plus grace (exam_attempts.reported_answers, which
-- nothing received later changes; no copy counts none), and keeps what differs, with both
-- letters, in late_check for the examiner.
--
-- An answer file is not checked twice: recover_submission_from_file already counts only the
-- file's answers that match the same copy and keeps its check in recovery_check, which it answers
-- back to the Proctor Room in the file's words; late_check is a late arrival's own, in the same shape.

alter table public.submissions
  add column late_check jsonb check (jsonb_typeof(late_check) = 'object');
comment on column public.submissions.late_check is
  'For a submission that arrived after its deadline plus grace once its solutions could be out: the copy of the answers its attempt reported in time (reported_at, received_at; null when none was), how many answers it sent and how many were counted, and each question where the submission and the copy differ (question, reported, sent; null for none). Only the matching answers are stored and scored.';

-- As in migration 20261127000300, with the rule above between the lateness rule and the claim.
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
    if release_at <= now() then
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
  'Checks every argument, claims the code and stores the submission last, scored against the code''s snapshot (else the bank) with the questions its exam served, all or nothing, under the lateness rule of migration 20261122000300; a late arrival once its solutions could be out counts only the answers its attempt reported in time (late_check keeps what differs). invalid_code, code_used, not_started (the code has no recorded start: nothing changes) or exam_over. Idempotent on submission_id.';

-- As in migration 20261127000400, with a late arrival's answers not counted beside a recovered
-- file's (a submission has at most one of the two checks).
create or replace function public.admin_day_results(time_zone text, day date, search text default '')
returns table (
  id uuid,
  student_name text,
  login_code text,
  score integer,
  question_count integer,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz,
  received_at timestamptz,
  answers_fingerprint text,
  recovered_from_file boolean,
  arrived_late boolean,
  extra_minutes integer,
  voided_at timestamptz,
  void_reason text,
  regraded_at timestamptz,
  score_before_regrade integer,
  rank bigint,
  display_order bigint,
  uncounted_answers integer
)
-- Without a SET clause, so that it is inlined (migration 20261124000200 says why); every name is qualified.
language sql stable
as $$
  select r.id, r.student_name, r.login_code, r.score, r.question_count, r.tab_switches, r.time_taken, r.started_at,
         r.submitted_at, r.received_at, r.answers_fingerprint, r.recovered_from_file, r.arrived_late,
         coalesce((select lc.extra_minutes from public.login_codes lc where lc.code = r.login_code), 0),
         r.voided_at, r.void_reason, r.regraded_at, r.score_before_regrade,
         case when r.voided_at is null then r.rank end, r.display_order,
         coalesce((r.recovery_check ->> 'file_answers')::integer - (r.recovery_check ->> 'counted')::integer,
                  (r.late_check ->> 'sent_answers')::integer - (r.late_check ->> 'counted')::integer)
    from (
      select s.*,
             rank() over (partition by s.voided_at is null order by s.score desc) as rank,
             row_number() over (order by s.voided_at is not null, s.score desc, s.time_taken, s.submitted_at, s.id) as display_order
        from public.submissions s
       where s.submitted_at >= (admin_day_results.day::timestamp at time zone admin_day_results.time_zone)
         and s.submitted_at < ((admin_day_results.day + 1)::timestamp at time zone admin_day_results.time_zone)
    ) r
   where public.search_pattern(admin_day_results.search) is null
      or r.student_name ilike public.search_pattern(admin_day_results.search)
      or r.login_code ilike public.search_pattern(admin_day_results.search)
   order by r.display_order
$$;
comment on function public.admin_day_results(text, date, text) is
  'One local day''s submissions matching the search, ranked by score within the whole day (voided ones unranked, last, with when and why), in display order (display_order), with the questions each was served, the code''s extra minutes, when a key correction regraded it (with the score it had first), and how many answers were not counted: of a recovered answer file, or of a late arrival once its solutions could be out. Read in pages.';
revoke execute on function public.admin_day_results(text, date, text) from public, anon;
grant execute on function public.admin_day_results(text, date, text) to authenticated, service_role;
