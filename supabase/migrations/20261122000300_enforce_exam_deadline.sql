-- The exam's time limit, enforced by the server, and the one path every submission takes.
--
-- Until now only the device enforced the time limit. Now exam_questions records the start of
-- each attempt (public.exam_attempts) and fixes the deadline on the server: the code's FIRST
-- start + the schedule's duration (30 minutes without a schedule), never past the window's
-- end, plus the code's extra minutes. A second device, or a restart with the same code, gets
-- the same deadline. The device counts down to it, and the reports return it, so extra time
-- given during the exam reaches the device.
--
-- The lateness rule. A student offline at the deadline must not lose work: the device submits
-- at zero, stamps the submission with min(now, deadline) on the server's clock (measured when
-- the questions arrived) and its outbox delivers it whenever the network returns, possibly
-- hours later. So lateness is judged by the moment the device says it submitted, never by
-- when the submission arrives:
--   - the stamp is first pulled back to the arrival time (a device clock running ahead gains
--     nothing);
--   - a stamp later than the deadline + 2 minutes is refused (exam_over): a device that keeps
--     its timer never makes one. The 2 minutes cover the error of the clock offset measured at
--     the start and the moment the auto-submit takes;
--   - a stamp earlier than the code's first start - 2 minutes is refused too: no exam
--     session can have made it;
--   - otherwise the submission is accepted however late it arrives, and received_at records
--     when it did; one arriving after the deadline + 2 minutes is marked arrived_late for the
--     proctor's judgement.
-- Rules that look at arrival (a deadline on received_at, or "the device was seen online after
-- the deadline without submitting") were set aside: a report can get through while the
-- submission is still refused for a while (rate_limited behind a busy NAT, a half-dead
-- network), and such a rule would then throw away a legitimate submission.
-- A code with a recorded start is judged by its deadline alone, which already holds the end of
-- the window it started in and the code's extra minutes: a newer schedule made active since
-- refuses none of its submissions. A code without a recorded start (a submission without
-- questions, or an attempt started before this migration) is judged by the active window, as
-- before. The window's end moves by the code's extra minutes.
--
-- submit_exam and recover_submission_from_file (an administrator uploading an emergency answer
-- file) share private.record_submission: the same validation, the same idempotency on the
-- submission id, the same lateness rule.

-- "<number>:<letter>" pairs in question order joined by ",": the answers fingerprint's input and part of an answer file's tag.
alter table public.submissions add column arrived_late boolean not null default false;
comment on column public.submissions.arrived_late is
  'Arrived more than 2 minutes after the code''s deadline, accepted because the device stamped it in time: for the proctor''s judgement.';

create function private.answers_canonical(answers jsonb) returns text
language sql immutable set search_path = ''
as $$
  select coalesce(string_agg(a.key || ':' || a.value, ',' order by a.key::integer), '')
    from jsonb_each_text(answers) as a
$$;
revoke execute on function private.answers_canonical(jsonb) from public, anon, authenticated;

create or replace function public.answers_fingerprint(answers jsonb) returns text
language sql immutable set search_path = ''
as $$
  -- The app computes the same on the device.
  select left(encode(sha256(convert_to(private.answers_canonical(answers), 'UTF8')), 'hex'), 12)
$$;

-- Questions are handed out only with a start recorded. A device sends its attempt id and the
-- student's name; an app from before this migration sends neither, and then the code's start
-- is still recorded (under a new id) if it has none. A code keeps at most 20 attempts, so one
-- code cannot flood the proctor's view; past that, a new start shares the first one's row
-- (its deadline is the code's all the same).
create function private.start_exam_attempt(
  login public.login_codes,
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
  else
    deadline := least(now() + make_interval(mins => coalesce(schedule.duration_minutes, 30)), coalesce(schedule.end_time, 'infinity'))
                + make_interval(mins => login.extra_minutes);
  end if;
  insert into public.exam_attempts (id, login_code, student_name, deadline, question_count)
  values (coalesce(start_exam_attempt.attempt_id, gen_random_uuid()), login.code, start_exam_attempt.student_name, deadline,
          start_exam_attempt.question_count)
  returning * into attempt;
  return attempt;
end
$$;
comment on function private.start_exam_attempt(public.login_codes, public.exam_schedule, uuid, text, integer) is
  'Records an attempt''s start with the server''s deadline for its code (the first start''s), or finds the one already recorded.';
revoke execute on function private.start_exam_attempt(public.login_codes, public.exam_schedule, uuid, text, integer)
  from public, anon, authenticated;

-- The previous exam_questions(code) gives way to one with the attempt's id and the student's
-- name, both optional so an app from before still gets its questions.
drop function public.exam_questions(text);
drop function private.exam_questions(text);

create function private.exam_questions(code text, attempt_id uuid, student_name text) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  login public.login_codes;
  schedule public.exam_schedule;
  name text := btrim(exam_questions.student_name);
  total_count integer;
  usable jsonb;
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
  select count(*) into total_count from public.questions;
  if total_count = 0 then
    return jsonb_build_object('outcome', 'no_questions');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', q.id, 'question_number', q.question_number, 'question_text', q.question_text,
           'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d)
         order by q.question_number), '[]'::jsonb)
    into usable
    from public.questions q
   where public.is_usable_mcq(q);
  if jsonb_array_length(usable) = 0 then
    return jsonb_build_object('outcome', 'no_valid_questions');
  end if;
  attempt := private.start_exam_attempt(login, schedule, exam_questions.attempt_id, name, jsonb_array_length(usable));
  return jsonb_build_object(
    'outcome', 'ok',
    'questions', usable,
    'duration_minutes', coalesce(schedule.duration_minutes, 30),
    'extra_minutes', login.extra_minutes,
    'window_end', schedule.end_time,
    'deadline', attempt.deadline,
    'server_now', now(),
    'answer_file_key', encode(private.answer_file_key(login.code), 'hex'));
end
$$;
comment on function private.exam_questions(text, uuid, text) is
  'The usable MCQ questions, never with correct_answer, for an unused code while the exam window (its end moved by the code''s extra minutes) is open and its time is not over (time_over); records the attempt''s start and answers its deadline and answer-file key.';
revoke execute on function private.exam_questions(text, uuid, text) from public, anon, authenticated;

create function public.exam_questions(code text, attempt_id uuid default null, student_name text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
begin
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.exam_questions(code, attempt_id, student_name);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
end
$$;
comment on function public.exam_questions(text, uuid, text) is
  'The usable MCQ questions, never with correct_answer, for an unused code while the exam window is open, with the server''s deadline and the answer-file key; records the start of the attempt. rate_limited after too many invalid codes from one address.';
revoke execute on function public.exam_questions(text, uuid, text) from public;
grant execute on function public.exam_questions(text, uuid, text) to anon, authenticated, service_role;

create function private.record_submission(
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
  claimed_code public.login_codes;
  existing public.submissions;
  schedule public.exam_schedule;
  extra interval;
  first_start timestamptz;
  deadline timestamptz;
  effective_submitted_at timestamptz;
  stored public.submissions;
begin
  if submission_id is null or answers is null or jsonb_typeof(answers) <> 'object'
     or exists (select 1 from jsonb_each(answers) a
                 where a.key !~ '^[1-9][0-9]{0,3}$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    raise exception 'answers must map question numbers to A, B, C or D' using errcode = '22023';
  end if;

  -- Lock the code first: concurrent submissions for one code queue here, so the
  -- idempotency check below sees whatever the one before committed.
  select * into claimed_code from public.login_codes lc where lc.code = normalized_code for update;

  select * into existing from public.submissions s where s.id = record_submission.submission_id;
  if found then
    if existing.login_code <> normalized_code then
      raise exception 'submission id belongs to another login code' using errcode = '22023';
    end if;
    return public.submission_receipt(existing);
  end if;

  if claimed_code.id is null then
    return jsonb_build_object('outcome', 'invalid_code');
  end if;
  if claimed_code.is_used then
    return jsonb_build_object('outcome', 'code_used');
  end if;

  -- The lateness rule of this migration's header.
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
     set is_used = true, used_by = btrim(record_submission.student_name), used_at = now()
   where id = claimed_code.id;

  -- A failing insert (a constraint) aborts the whole call, so the claim above is undone.
  insert into public.submissions
    (id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken, started_at, submitted_at,
     recovered_from_file, arrived_late)
  values (
    record_submission.submission_id,
    btrim(record_submission.student_name),
    normalized_code,
    record_submission.answers,
    public.answers_fingerprint(record_submission.answers),
    (select count(*) from jsonb_each_text(record_submission.answers) a
       join public.questions q on q.question_number = a.key::integer
      where q.correct_answer = a.value),
    -- A device's reports never take back a tab switch.
    greatest(coalesce(record_submission.tab_switches, 0),
             (select a.tab_switches from public.exam_attempts a where a.id = record_submission.submission_id)),
    record_submission.time_taken,
    coalesce(record_submission.started_at, effective_submitted_at),
    effective_submitted_at,
    coalesce(record_submission.recovered_from_file, false),
    coalesce(now() > deadline + grace, false))
  returning * into stored;

  -- Every attempt of the code is over: the proctor sees the submission received.
  update public.exam_attempts a
     set state = 'received',
         answered_count = least(a.question_count, (select count(*) from jsonb_object_keys(stored.answers))),
         tab_switches = stored.tab_switches
   where a.login_code = normalized_code;

  return public.submission_receipt(stored);
end
$$;
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Claims the code, scores from the stored answers and stores the submission, all or nothing, under the lateness rule of migration 20261122000300. Idempotent on submission_id.';
revoke execute on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean)
  from public, anon, authenticated;

create or replace function private.submit_exam(
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
begin
  return private.record_submission(submission_id, code, student_name, answers, tab_switches, time_taken, started_at, submitted_at, false);
end
$$;
comment on function private.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'A submission sent by the student''s device, through private.record_submission.';

-- An answer file: {format, version, submission_id, login_code, student_name, answers,
-- tab_switches, time_taken, started_at, submitted_at, tag}. The tag is HMAC-SHA256 (lower-case
-- hex) with the code's key over these lines joined by "\n" (src/domain/answer-file.ts makes
-- the same): "holdfast-answer-file/1", submission_id, login_code, the student's name as hex of
-- its UTF-8 bytes, the answers as "1:A,2:C", tab_switches, time_taken, started_at and
-- submitted_at exactly as the file spells them.
create function private.is_answer_file(file jsonb) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  iso_time constant text := '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})$';
begin
  if jsonb_typeof(file) is distinct from 'object'
     or file ->> 'format' is distinct from 'holdfast-answer-file' or file -> 'version' is distinct from '1'::jsonb then
    return false;
  end if;
  if jsonb_typeof(file -> 'submission_id') is distinct from 'string'
     or file ->> 'submission_id' !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or jsonb_typeof(file -> 'login_code') is distinct from 'string' or file ->> 'login_code' !~ '^[A-Z0-9]{8}$'
     or jsonb_typeof(file -> 'student_name') is distinct from 'string'
     or length(btrim(file ->> 'student_name')) not between 2 and 200
     or jsonb_typeof(file -> 'tag') is distinct from 'string' or file ->> 'tag' !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  if jsonb_typeof(file -> 'answers') is distinct from 'object' then
    return false;
  end if;
  if exists (select 1 from jsonb_each(file -> 'answers') a
              where a.key !~ '^[1-9][0-9]{0,3}$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    return false;
  end if;
  if jsonb_typeof(file -> 'tab_switches') is distinct from 'number' or file ->> 'tab_switches' !~ '^[0-9]{1,6}$'
     or jsonb_typeof(file -> 'time_taken') is distinct from 'number' or file ->> 'time_taken' !~ '^[0-9]{1,5}$'
     or jsonb_typeof(file -> 'started_at') is distinct from 'string' or file ->> 'started_at' !~ iso_time
     or jsonb_typeof(file -> 'submitted_at') is distinct from 'string' or file ->> 'submitted_at' !~ iso_time then
    return false;
  end if;
  return (file ->> 'tab_switches')::integer <= 100000 and (file ->> 'time_taken')::integer <= 86400
    and (file ->> 'started_at')::timestamptz is not null and (file ->> 'submitted_at')::timestamptz is not null;
exception
  -- A time in the right shape that is no time at all (month 13).
  when invalid_datetime_format or datetime_field_overflow then
    return false;
end
$$;
comment on function private.is_answer_file(jsonb) is 'True when `file` has every field of an answer file, each in its format.';
revoke execute on function private.is_answer_file(jsonb) from public, anon, authenticated;

create function private.answer_file_tag(file jsonb) returns text
language sql stable set search_path = ''
as $$
  select encode(extensions.hmac(convert_to(concat_ws(E'\n',
      'holdfast-answer-file/1',
      file ->> 'submission_id',
      file ->> 'login_code',
      encode(convert_to(file ->> 'student_name', 'UTF8'), 'hex'),
      private.answers_canonical(file -> 'answers'),
      file ->> 'tab_switches',
      file ->> 'time_taken',
      file ->> 'started_at',
      file ->> 'submitted_at'), 'UTF8'), private.answer_file_key(file ->> 'login_code'), 'sha256'), 'hex')
$$;
comment on function private.answer_file_tag(jsonb) is 'The tag an answer file made by its exam session carries.';
revoke execute on function private.answer_file_tag(jsonb) from public, anon, authenticated;

create function public.recover_submission_from_file(file jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  already_received boolean;
  answer jsonb;
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
end
$$;
comment on function public.recover_submission_from_file(jsonb) is
  'Administrators only: verifies an emergency answer file''s tag and records its submission through the same idempotent path as submit_exam, marked recovered_from_file. accepted (already_received when it was in before, changing nothing), malformed, unknown_code, bad_tag, code_used or exam_over.';
revoke execute on function public.recover_submission_from_file(jsonb) from public, anon;
grant execute on function public.recover_submission_from_file(jsonb) to authenticated;
