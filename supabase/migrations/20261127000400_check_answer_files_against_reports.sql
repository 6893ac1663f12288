-- An emergency answer file counts only what its device reported in time (issue 23).
--
-- The file's tag key reaches the student's own device (it tags the file offline), so a student
-- can re-tag a file with any answers: the tag proves only that a file is well formed. What the
-- server itself heard from the device before the deadline is the check that holds: each progress
-- report now carries the attempt's answers, the attempt keeps the latest copy received before its
-- deadline plus the 2 minutes of grace, and a recovered file counts only the answers that match
-- that copy. What differs is stored with the submission for the examiner (recovery_check).
-- The copy is also the server's record of an attempt's answers for later work to build on.

alter table public.exam_attempts
  add column reported_answers jsonb check (jsonb_typeof(reported_answers) = 'object'),
  add column reported_answers_at timestamptz,
  add column reported_answers_received_at timestamptz;
comment on column public.exam_attempts.reported_answers is
  'The answers (question number → original letter) of the latest report received before the deadline plus 2 minutes of grace; null when none was. An answer file counts only what matches it.';
comment on column public.exam_attempts.reported_answers_at is
  'When the device made the report that carried reported_answers (its reported_at): an older report arriving later never replaces it.';
comment on column public.exam_attempts.reported_answers_received_at is
  'When the server received the report that carried reported_answers (the server''s clock).';

alter table public.submissions
  add column recovery_check jsonb check (jsonb_typeof(recovery_check) = 'object');
comment on column public.submissions.recovery_check is
  'For a submission recovered from an answer file: the copy of the answers it was checked against (reported_at, received_at), how many answers the file held and how many were counted, and each question where the file and the copy differ (question, reported, file; null for none). Only the matching answers are stored and scored.';

-- report_exam_attempt takes the attempt's answers as a last, optional argument (an older app
-- leaves it out). As in migration 20261124000500 otherwise.
drop function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean);
drop function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean);

create function private.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz,
  storage_persistent boolean default null,
  answers jsonb default null
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  attempt public.exam_attempts;
  report_moment timestamptz := least(coalesce(report_exam_attempt.reported_at, now()), now());
  takes_copy boolean;
begin
  if report_exam_attempt.state is null or report_exam_attempt.state not in ('in_progress', 'submitted_on_device') then
    raise exception 'state must be in_progress or submitted_on_device' using errcode = '22023';
  end if;
  if report_exam_attempt.answered_count is null or report_exam_attempt.answered_count < 0
     or report_exam_attempt.tab_switches is null or report_exam_attempt.tab_switches not between 0 and 100000
     or report_exam_attempt.online is null then
    raise exception 'answered_count and tab_switches must be counts within bounds, online true or false' using errcode = '22023';
  end if;
  -- As submit_exam checks them; at most 50 one-letter answers, so a copy stays small.
  if report_exam_attempt.answers is not null
     and (jsonb_typeof(report_exam_attempt.answers) <> 'object'
          or exists (select 1 from jsonb_each(report_exam_attempt.answers) a
                      where a.key !~ '^([1-9]|[1-4][0-9]|50)$' or a.value not in ('"A"', '"B"', '"C"', '"D"'))) then
    perform private.invalid_argument('answers must map question numbers 1 to 50 to A, B, C or D');
  end if;

  select a.* into attempt from public.exam_attempts a
   where a.id = report_exam_attempt.attempt_id and a.login_code = public.normalize_login_code(report_exam_attempt.code)
     for update;
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if report_exam_attempt.answered_count > attempt.question_count then
    raise exception 'answered_count is more than the attempt''s % questions', attempt.question_count using errcode = '22023';
  end if;

  if report_moment > attempt.deadline + grace then
    return jsonb_build_object('outcome', 'exam_closed');
  end if;

  -- The copy an answer file is checked against: only what reached the server in time (a report
  -- the device claims it made earlier may still update the progress below, never the copy), and
  -- never an older report over a newer one.
  takes_copy := report_exam_attempt.answers is not null
    and now() <= attempt.deadline + grace
    and (attempt.reported_answers_at is null or report_moment >= attempt.reported_answers_at);

  if attempt.state in ('received', 'refused') or report_moment < attempt.reported_at then
    -- Overtaken by a later report, or the submission is in or refused: the device is alive, nothing else changes.
    update public.exam_attempts a
       set last_seen = now(),
           reported_answers = case when takes_copy then report_exam_attempt.answers else a.reported_answers end,
           reported_answers_at = case when takes_copy then report_moment else a.reported_answers_at end,
           reported_answers_received_at = case when takes_copy then now() else a.reported_answers_received_at end
     where a.id = attempt.id
    returning * into attempt;
  else
    update public.exam_attempts a
       set answered_count = report_exam_attempt.answered_count,
           tab_switches = greatest(a.tab_switches, report_exam_attempt.tab_switches),
           client_online = report_exam_attempt.online,
           storage_persistent = coalesce(report_exam_attempt.storage_persistent, a.storage_persistent),
           -- A device never takes back a queued submission.
           state = case when a.state = 'submitted_on_device' then a.state else report_exam_attempt.state end,
           reported_at = report_moment,
           last_seen = now(),
           reported_answers = case when takes_copy then report_exam_attempt.answers else a.reported_answers end,
           reported_answers_at = case when takes_copy then report_moment else a.reported_answers_at end,
           reported_answers_received_at = case when takes_copy then now() else a.reported_answers_received_at end
     where a.id = attempt.id
    returning * into attempt;
  end if;
  return jsonb_build_object('outcome', 'ok', 'deadline', attempt.deadline, 'server_now', now());
end
$$;
comment on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb) is
  'Records a device''s report on its own attempt made by its deadline, and the answers it carries when received by the deadline plus 2 minutes of grace: ok with the server''s deadline, invalid, or exam_closed.';
revoke execute on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb)
  from public, anon, authenticated;

create function public.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz,
  storage_persistent boolean default null,
  answers jsonb default null
) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  -- A report naming an attempt with its own code guesses nothing: a classmate's scan from the
  -- same address must not cut a writing student off (issue 23).
  if private.code_guessing_limited(address)
     and not exists (select 1 from public.exam_attempts a
                      where a.id = report_exam_attempt.attempt_id
                        and a.login_code = public.normalize_login_code(report_exam_attempt.code)) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.report_exam_attempt(attempt_id, code, answered_count, tab_switches, state, online, reported_at,
                                        storage_persistent, answers);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb) is
  'A student device''s progress report on its attempt, with its answers (never answered back): ok with the server''s deadline, invalid, exam_closed, or rate_limited after too many invalid codes from one address (never for a report naming an existing attempt with its code).';
revoke execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb) from public;
grant execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb)
  to anon, authenticated, service_role;

-- As in migration 20261124000100, but after the tag the file's answers are compared with the
-- copy its attempt reported in time: only the matching ones are recorded, the rest are kept in
-- recovery_check and answered back for the Proctor Room to name. A file whose attempt never
-- reported answers in time is refused (not_reported): nothing in it can be checked, and storing
-- it would claim the code and shut out the device's own submission when it arrives.
create or replace function public.recover_submission_from_file(file jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  submission_id uuid;
  already_received boolean;
  attempt public.exam_attempts;
  file_answers jsonb;
  counted_answers jsonb;
  file_check jsonb;
  recorded integer;
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  if not (select public.is_admin()) then
    raise exception 'only administrators can recover submissions from answer files' using errcode = '42501';
  end if;
  if not private.is_answer_file(file) then
    return jsonb_build_object('outcome', 'malformed');
  end if;
  if not exists (select 1 from public.login_codes lc where lc.code = file ->> 'login_code') then
    return jsonb_build_object('outcome', 'unknown_code');
  end if;
  if private.answer_file_tag(file) is distinct from file ->> 'tag' then
    return jsonb_build_object('outcome', 'bad_tag');
  end if;
  submission_id := (file ->> 'submission_id')::uuid;
  file_answers := file -> 'answers';
  already_received := exists (select 1 from public.submissions s where s.id = submission_id);

  if not already_received then
    select a.* into attempt from public.exam_attempts a
     where a.id = submission_id and a.login_code = file ->> 'login_code';
    -- A code never started cannot submit at all (migration 20261127000300): say so, not that its
    -- device never reported.
    if not found and not exists (select 1 from public.exam_attempts a where a.login_code = file ->> 'login_code') then
      return jsonb_build_object('outcome', 'not_started');
    end if;
    if attempt.reported_answers is null then
      return jsonb_build_object('outcome', 'not_reported');
    end if;
    select coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb) into counted_answers
      from jsonb_each(file_answers) f
     where attempt.reported_answers -> f.key = f.value;
    file_check := jsonb_build_object(
      'reported_at', attempt.reported_answers_at,
      'received_at', attempt.reported_answers_received_at,
      'file_answers', (select count(*) from jsonb_object_keys(file_answers)),
      'counted', (select count(*) from jsonb_object_keys(counted_answers)),
      'differences', coalesce((
        select jsonb_agg(jsonb_build_object('question', q.question::integer,
                                            'reported', attempt.reported_answers ->> q.question,
                                            'file', file_answers ->> q.question)
                         order by q.question::integer)
          from (select jsonb_object_keys(file_answers) as question
                union select jsonb_object_keys(attempt.reported_answers)) q
         where (attempt.reported_answers -> q.question) is distinct from (file_answers -> q.question)), '[]'::jsonb));
  end if;

  answer := private.record_submission(
    submission_id,
    file ->> 'login_code',
    file ->> 'student_name',
    coalesce(counted_answers, file_answers),
    (file ->> 'tab_switches')::integer,
    (file ->> 'time_taken')::integer,
    (file ->> 'started_at')::timestamptz,
    (file ->> 'submitted_at')::timestamptz,
    true);
  if answer ->> 'outcome' is distinct from 'accepted' then
    return answer;
  end if;
  if not already_received then
    -- Only the submission this call stored: one the device sent meanwhile keeps no check.
    update public.submissions s set recovery_check = file_check
     where s.id = submission_id and s.recovered_from_file and s.recovery_check is null;
    get diagnostics recorded = row_count;
    already_received := recorded = 0;
  end if;
  return answer || jsonb_build_object(
    'already_received', already_received,
    'check', (select s.recovery_check from public.submissions s where s.id = submission_id));
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.recover_submission_from_file(jsonb) is
  'Administrators only: verifies an emergency answer file''s tag, counts only its answers that match what its attempt reported by the deadline plus 2 minutes of grace, and records them through the same idempotent path as submit_exam, marked recovered_from_file, keeping what differed in recovery_check. accepted with check (already_received when it was in before, changing nothing), malformed, unknown_code, bad_tag, not_reported (the attempt never reported its answers in time), not_started (the code never started), code_used or exam_over.';
revoke execute on function public.recover_submission_from_file(jsonb) from public, anon;
grant execute on function public.recover_submission_from_file(jsonb) to authenticated, service_role;

-- As in migration 20261124002040, with how many of a recovered file's answers were not counted
-- (null for a submission not checked against a report), for Test Results and the printed report.
drop function public.admin_day_results(text, date, text);

create function public.admin_day_results(time_zone text, day date, search text default '')
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
         ((r.recovery_check ->> 'file_answers')::integer - (r.recovery_check ->> 'counted')::integer)
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
  'One local day''s submissions matching the search, ranked by score within the whole day (voided ones unranked, last, with when and why), in display order (display_order), with the questions each was served, the code''s extra minutes, when a key correction regraded it (with the score it had first), and how many answers of a recovered answer file were not counted. Read in pages.';
revoke execute on function public.admin_day_results(text, date, text) from public, anon;
grant execute on function public.admin_day_results(text, date, text) to authenticated, service_role;
