-- Integrity holes an outside review found in the student functions, closed in the database so
-- they are closed on hosted Supabase too.
--
-- 1. The answer key leaked through a failing insert. submit_exam computed the score inside the
--    insert into submissions and left bounds to CHECK constraints; a constraint that failed
--    (time_taken 86401) answered PostgreSQL's detail "Failing row contains (…)" with the computed
--    score, and the code stayed unused, so one call per answer told whether it was right. Now:
--    - every argument is checked first, with our own messages and no row data;
--    - the score is computed only then, and the submission holding it is the call's last
--      statement, an insert that nothing the caller sent can make fail (every value checked);
--    - every function a student can call (and the administrators' answer-file recovery) passes an
--      error on without its detail and hint (private.raise_without_detail), whatever raised it.
-- 4. Tab switches stored with a submission are the most ever reported for the code (by any of its
--    attempts or by the submission itself); a submission under a new id no longer resets them.
-- 7. is_admin() holds only while the token's session exists: signing out ends an administrator's
--    access at once, not when the access token expires.
-- 8. When the code has a recorded start, the submission's started_at and time_taken come from the
--    server's record (time taken up to the arrival, or to the device's stamp for a late arrival);
--    without one, started_at is the device's claim kept inside the window it submitted in. What
--    the device claimed is kept beside them as reported.
-- 1b. PostgREST runs a function called by GET (or HEAD) in a read-only transaction. A student
--    function that would record a failed guess then failed only for an unknown code, so a GET
--    told live codes from invalid ones without ever counting a guess. Every student function
--    now refuses a read-only call first, whatever its arguments (private.refuse_read_only).
-- 11. Detailed solutions (the answer key) are handed out only once the exam is over for every
--    student of the submission's schedule (private.solutions_release_at below).

create function private.raise_without_detail(sql_state text, message text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  raise exception using errcode = sql_state, message = message;
end
$$;
comment on function private.raise_without_detail(text, text) is
  'Raises an error again with its SQLSTATE and message only: a DETAIL can hold row data (a failing row''s computed score).';
revoke execute on function private.raise_without_detail(text, text) from public, anon, authenticated;

create function private.invalid_argument(message text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  raise exception using errcode = '22023', message = message;
end
$$;
comment on function private.invalid_argument(text) is 'Refuses a call''s argument with our own message (SQLSTATE 22023, HTTP 400).';
revoke execute on function private.invalid_argument(text) from public, anon, authenticated;

create function private.refuse_read_only() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'student functions are called with POST' using errcode = '25006';
  end if;
end
$$;
comment on function private.refuse_read_only() is
  'Refuses a call in a read-only transaction (PostgREST''s GET and HEAD), the same way whatever its arguments.';
revoke execute on function private.refuse_read_only() from public, anon, authenticated;

create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
      from public.admin_users au
      join auth.sessions s on s.user_id = au.user_id
     where au.user_id = (select auth.uid())
       and s.id::text = (select auth.jwt() ->> 'session_id')
  )
$$;
comment on function public.is_admin() is
  'True when the signed-in user of this request is an administrator and the token''s session has not ended (signed out).';

alter table public.submissions
  add column device_started_at timestamptz,
  add column device_time_taken integer check (device_time_taken between 0 and 86400);
comment on column public.submissions.device_started_at is
  'The start the device reported; started_at is the server''s record of the code''s first start when there is one.';
comment on column public.submissions.device_time_taken is
  'The time taken the device reported; time_taken is measured by the server from the recorded start when there is one.';

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
                 where a.key !~ '^[1-9][0-9]{0,3}$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    perform private.invalid_argument('answers must map question numbers to A, B, C or D');
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
    return jsonb_build_object('outcome', 'code_used');
  end if;

  -- The lateness rule of migration 20261122000300.
  effective_submitted_at := least(coalesce(record_submission.submitted_at, now()), now());
  select min(a.started_at), min(a.deadline) into first_start, deadline
    from public.exam_attempts a where a.login_code = normalized_code;
  if deadline is not null then
    if effective_submitted_at > deadline + grace or effective_submitted_at < first_start - grace then
      return jsonb_build_object('outcome', 'exam_over');
    end if;
  else
    extra := make_interval(mins => claimed_code.extra_minutes);
    select * into schedule from public.active_exam_schedule();
    if found and (effective_submitted_at < schedule.start_time - grace
                  or effective_submitted_at > schedule.end_time + extra + grace) then
      return jsonb_build_object('outcome', 'exam_over');
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

  -- The score, then the submission as the call's last statement: every value below was checked
  -- above, so nothing the caller sent can make this insert fail, and the score is never in an
  -- error (one from elsewhere, such as a unique key, also leaves without its detail).
  select count(*) into score from jsonb_each_text(record_submission.answers) a
    join public.questions q on q.question_number = a.key::integer
   where q.correct_answer = a.value;
  insert into public.submissions
    (id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken, started_at, submitted_at,
     device_started_at, device_time_taken, recovered_from_file, arrived_late)
  values (
    record_submission.submission_id,
    name,
    normalized_code,
    record_submission.answers,
    public.answers_fingerprint(record_submission.answers),
    score,
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
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Checks every argument, claims the code and stores the scored submission last, all or nothing, under the lateness rule of migration 20261122000300. Idempotent on submission_id.';

-- Detailed solutions wait until the exam is over for everyone (hole 11). Only the server's facts
-- place a submission in time: its code's first recorded start, else its submission moment
-- (which the lateness rule keeps inside the active window). Its exam is the schedule students
-- were taking then: the newest active one whose window, widened by the largest extra time (a
-- code may start until its window's end plus its extra minutes, at most 180), held that moment.
-- The exam is over when
--   - its window has ended, moved by the largest extra time of a code that may still start (an
--     unused one), and
--   - every attempt started in that window whose code has no submission yet has reached its
--     deadline (whatever state its device reported),
-- with the 2 minutes of grace a device's submission has. Without such a schedule (a room with no
-- window, where students come and go, so the exam has no end for everyone) every attempt without
-- a submission that started in the day up to the moment counts.
create function private.solutions_release_at(sub public.submissions) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  latest_start_extra constant interval := interval '180 minutes';
  grace constant interval := interval '2 minutes';
  moment timestamptz;
  schedule public.exam_schedule;
  last_deadline timestamptz;
begin
  select coalesce(min(a.started_at), sub.submitted_at) into moment
    from public.exam_attempts a where a.login_code = sub.login_code;
  select * into schedule from public.exam_schedule es
   where es.is_active and moment between es.start_time - grace and es.end_time + latest_start_extra
   order by es.created_at desc limit 1;
  select max(a.deadline) into last_deadline
    from public.exam_attempts a
   where not exists (select 1 from public.submissions s where s.login_code = a.login_code)
     and a.started_at between coalesce(schedule.start_time - grace, moment - interval '24 hours')
                          and coalesce(schedule.end_time + latest_start_extra, moment);
  return greatest(
    schedule.end_time + make_interval(mins => coalesce(
      (select max(lc.extra_minutes) from public.login_codes lc where not lc.is_used), 0)),
    last_deadline,
    sub.submitted_at) + grace;
end
$$;
comment on function private.solutions_release_at(public.submissions) is
  'When the exam of a submission is over for every student (see the comment above it in migration 20261124000100): its window''s end moved by the largest extra time of an unused code, and every deadline of an attempt without a submission started in that window, plus 2 minutes of grace.';
revoke execute on function private.solutions_release_at(public.submissions) from public, anon, authenticated;

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
    'total', (select count(*) from jsonb_object_keys(sub.answers)),
    'tab_switches', sub.tab_switches,
    'time_taken', sub.time_taken,
    'answers_fingerprint', sub.answers_fingerprint,
    'solutions_available', released,
    -- Set while the solutions are still held back for the rest of the room.
    'solutions_release_at', case when within_day and not released then release_at end,
    'solutions', case when released then (
      select coalesce(jsonb_agg(jsonb_build_object(
               'question_number', q.question_number, 'question_text', q.question_text,
               'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d,
               'correct_answer', q.correct_answer,
               'student_answer', sub.answers ->> q.question_number::text,
               'is_correct', coalesce((sub.answers ->> q.question_number::text) = q.correct_answer, false))
             order by q.question_number), '[]'::jsonb)
        from public.questions q
       where public.is_usable_mcq(q)
    ) end);
end
$$;
comment on function private.lookup_result(text) is
  'The solutions page: every outcome of the spec; per-question solutions only within 24 hours of submission and once the exam is over for everyone (solutions_release_at says when, while they are held).';

-- The public student functions again, unchanged but for the last block: an error leaves without
-- its detail and hint.

create or replace function public.check_login_code(code text) returns text
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  status text;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) then
    return 'rate_limited';
  end if;
  status := private.check_login_code(code);
  if status = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return status;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;

create or replace function public.exam_questions(code text, attempt_id uuid default null, student_name text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.exam_questions(code, attempt_id, student_name);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;

create or replace function public.lookup_result(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
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
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.lookup_result(text) is
  'The solutions page: every outcome of the spec, per-question solutions only within 24 hours of submission and once the exam is over for everyone; rate_limited after too many invalid codes from one address.';

create or replace function public.submit_exam(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz
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
  if private.code_guessing_limited(address)
     and not exists (select 1 from public.submissions s where s.id = submit_exam.submission_id) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.submit_exam(submission_id, code, student_name, answers, tab_switches, time_taken, started_at, submitted_at);
  if answer ->> 'outcome' = 'invalid_code' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;

create or replace function public.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz
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
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.report_exam_attempt(attempt_id, code, answered_count, tab_switches, state, online, reported_at);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;

create or replace function public.recover_submission_from_file(file jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  already_received boolean;
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
  already_received := exists (select 1 from public.submissions s where s.id = (file ->> 'submission_id')::uuid);
  answer := private.record_submission(
    (file ->> 'submission_id')::uuid,
    file ->> 'login_code',
    file ->> 'student_name',
    file -> 'answers',
    (file ->> 'tab_switches')::integer,
    (file ->> 'time_taken')::integer,
    (file ->> 'started_at')::timestamptz,
    (file ->> 'submitted_at')::timestamptz,
    true);
  if answer ->> 'outcome' = 'accepted' then
    return answer || jsonb_build_object('already_received', already_received);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
