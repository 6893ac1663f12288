-- Two things the proctor could not see (issue 16, items 6 and 7).
--
-- A refused submission. record_submission answers code_used (another submission took the code)
-- or exam_over (sent outside the exam's time) without storing anything, so its attempt stayed
-- "submitted on device, not yet received" for ever. Now the attempt whose id is the submission's
-- is marked refused, with the reason; a later report of that device changes only last_seen, as
-- for a received attempt, and the proctor room shows it among the problems.
--
-- Persistent storage. The device asks the browser not to evict its exam data
-- (navigator.storage.persist()) and reports whether it was granted; the proctor room notes a
-- device whose storage is not persistent. Null when unknown (an older app, an unsupported browser).

alter table public.exam_attempts drop constraint exam_attempts_state_check;
alter table public.exam_attempts
  add constraint exam_attempts_state_check check (state in ('in_progress', 'submitted_on_device', 'received', 'refused')),
  add column refusal text check (refusal in ('code_used', 'exam_over')),
  add column storage_persistent boolean;
comment on column public.exam_attempts.state is
  'in_progress, submitted_on_device (the device queued its submission), received (the server stored the code''s submission) or refused (the server refused this attempt''s submission, see refusal).';
comment on column public.exam_attempts.refusal is
  'Why the attempt''s submission was refused, when state is refused: code_used (another submission took the code) or exam_over.';
comment on column public.exam_attempts.storage_persistent is
  'Whether the browser granted the device persistent storage for the exam (navigator.storage.persist()); null when unknown.';

create function private.refuse_attempt(attempt_id uuid, code text, refusal text) returns jsonb
language plpgsql volatile set search_path = ''
as $$
begin
  -- Only the attempt of this very code: a submission under another code's attempt id marks nothing.
  update public.exam_attempts a
     set state = 'refused', refusal = refuse_attempt.refusal
   where a.id = refuse_attempt.attempt_id and a.login_code = refuse_attempt.code and a.state <> 'received';
  return jsonb_build_object('outcome', refuse_attempt.refusal);
end
$$;
comment on function private.refuse_attempt(uuid, text, text) is
  'Marks the attempt whose submission record_submission refuses (its id, its code) refused with the reason, unless its code''s submission is in; answers the refusal as record_submission''s outcome.';
revoke execute on function private.refuse_attempt(uuid, text, text) from public, anon, authenticated;

-- As in migration 20261124000100, but an attempt whose submission is refused is marked so.
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

-- report_exam_attempt takes whether the device's storage is persistent as a last, optional
-- argument (an older app leaves it out). As in migrations 20261122000100 and 20261124000100,
-- but a refused attempt stays as it is, like a received one, and a known storage_persistent is
-- kept.
drop function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz);
drop function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz);

create function private.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz,
  storage_persistent boolean default null
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  attempt public.exam_attempts;
  report_moment timestamptz := least(coalesce(report_exam_attempt.reported_at, now()), now());
begin
  if report_exam_attempt.state is null or report_exam_attempt.state not in ('in_progress', 'submitted_on_device') then
    raise exception 'state must be in_progress or submitted_on_device' using errcode = '22023';
  end if;
  if report_exam_attempt.answered_count is null or report_exam_attempt.answered_count < 0
     or report_exam_attempt.tab_switches is null or report_exam_attempt.tab_switches not between 0 and 100000
     or report_exam_attempt.online is null then
    raise exception 'answered_count and tab_switches must be counts within bounds, online true or false' using errcode = '22023';
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

  if attempt.state in ('received', 'refused') or report_moment < attempt.reported_at then
    -- Overtaken by a later report, or the submission is in or refused: the device is alive, nothing else changes.
    update public.exam_attempts a set last_seen = now() where a.id = attempt.id returning * into attempt;
  else
    update public.exam_attempts a
       set answered_count = report_exam_attempt.answered_count,
           tab_switches = greatest(a.tab_switches, report_exam_attempt.tab_switches),
           client_online = report_exam_attempt.online,
           storage_persistent = coalesce(report_exam_attempt.storage_persistent, a.storage_persistent),
           -- A device never takes back a queued submission.
           state = case when a.state = 'submitted_on_device' then a.state else report_exam_attempt.state end,
           reported_at = report_moment,
           last_seen = now()
     where a.id = attempt.id
    returning * into attempt;
  end if;
  return jsonb_build_object('outcome', 'ok', 'deadline', attempt.deadline, 'server_now', now());
end
$$;
comment on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean) is
  'Records a device''s report on its own attempt made by its deadline: ok with the server''s deadline, invalid, or exam_closed.';
revoke execute on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean)
  from public, anon, authenticated;

create function public.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz,
  storage_persistent boolean default null
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
  answer := private.report_exam_attempt(attempt_id, code, answered_count, tab_switches, state, online, reported_at, storage_persistent);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean) is
  'A student device''s progress report on its attempt (no answers): ok with the server''s deadline, invalid, exam_closed, or rate_limited after too many invalid codes from one address.';
revoke execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean) from public;
grant execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean)
  to anon, authenticated, service_role;


-- As in migration 20261124000200, with the refused status and the two new columns; its result
-- changes shape, so it goes and comes back with the counts read from it.
drop function public.admin_live_attempt_counts();
drop function public.admin_live_attempts();

-- The proctor room: attempts started in the last 24 hours with their status at the server's
-- clock (as src/domain/attempt-status.ts: offline after 60 s without a report), problems first
-- (offline, not yet received, refused), with why a refused one was refused and whether the
-- device's storage is persistent.
create function public.admin_live_attempts()
returns table (
  id uuid,
  login_code text,
  student_name text,
  started_at timestamptz,
  deadline timestamptz,
  question_count integer,
  answered_count integer,
  tab_switches integer,
  client_online boolean,
  state text,
  refusal text,
  reported_at timestamptz,
  last_seen timestamptz,
  status text,
  extra_minutes integer,
  recovered_from_file boolean,
  arrived_late boolean,
  storage_persistent boolean,
  display_order bigint
)
language sql stable
as $$
  select a.id, a.login_code, a.student_name, a.started_at, a.deadline, a.question_count, a.answered_count, a.tab_switches,
         a.client_online, a.state, a.refusal, a.reported_at, a.last_seen, a.status,
         coalesce(lc.extra_minutes, 0),
         coalesce(s.recovered_from_file, false),
         coalesce(s.arrived_late, false),
         a.storage_persistent,
         row_number() over (
           order by a.status_order,
                    case when a.status_order < 3 then a.last_seen end,
                    a.student_name, a.login_code, a.id) as display_order
    from (
      select x.*,
             case when x.state = 'received' then 'received'
                  when x.state = 'refused' then 'refused'
                  when x.state = 'submitted_on_device' then 'submitted_on_device'
                  when now() - x.last_seen > interval '60 seconds' then 'offline'
                  else 'on_track' end as status,
             case when x.state = 'received' then 4
                  when x.state = 'refused' then 2
                  when x.state = 'submitted_on_device' then 1
                  when now() - x.last_seen > interval '60 seconds' then 0
                  else 3 end as status_order
        from public.exam_attempts x
       where x.started_at >= now() - interval '24 hours'
    ) a
    left join public.login_codes lc on lc.code = a.login_code
    -- A code's one submission ends all its attempts, so each of them arrived the way it did.
    left join public.submissions s on s.login_code = a.login_code and a.state = 'received'
   order by display_order
$$;
comment on function public.admin_live_attempts() is
  'The proctor room: attempts started in the last 24 hours with their status now, problems first (display_order), with extra minutes, how the submission arrived or why it was refused, and whether the device''s storage is persistent. Read in pages.';
revoke execute on function public.admin_live_attempts() from public, anon;
grant execute on function public.admin_live_attempts() to authenticated, service_role;

create function public.admin_live_attempt_counts() returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'offline', count(*) filter (where a.status = 'offline'),
    'submitted_on_device', count(*) filter (where a.status = 'submitted_on_device'),
    'on_track', count(*) filter (where a.status = 'on_track'),
    'received', count(*) filter (where a.status = 'received'),
    'refused', count(*) filter (where a.status = 'refused'))
    from public.admin_live_attempts() a
$$;
comment on function public.admin_live_attempt_counts() is 'How many of the proctor room''s attempts have each status now.';
revoke execute on function public.admin_live_attempt_counts() from public, anon;
grant execute on function public.admin_live_attempt_counts() to authenticated, service_role;
