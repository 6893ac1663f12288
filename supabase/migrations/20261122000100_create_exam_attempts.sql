-- Live attempts (the proctor room) and extra time (accommodations).
--
-- public.exam_attempts has one row per exam started on a device: exam_questions (next
-- migration but one) creates it when it hands out the questions, under the id the device
-- generated for its attempt (which is also the id of its submission), and fixes the
-- attempt's deadline on the server. The device then reports progress through
-- report_exam_attempt: on start, every 30 s while online, on each tab switch, on reconnect and
-- when its submission is queued; the server sets 'received' itself when the submission lands.
-- Answers never travel in a report.
--
-- login_codes.extra_minutes is an accommodation: minutes added to that student's deadline,
-- and to the window's end for them. Changing it moves the deadlines of the code's attempts.

alter table public.login_codes
  add column extra_minutes integer not null default 0 check (extra_minutes between 0 and 180);
comment on column public.login_codes.extra_minutes is
  'Accommodation: minutes added to this student''s deadline and to the exam window''s end for them (0 to 180).';

create table public.exam_attempts (
  id uuid primary key,
  login_code text not null references public.login_codes (code) on update cascade on delete cascade,
  -- Null only for an attempt started by an app from before this migration, which did not say.
  student_name text check (length(btrim(student_name)) between 2 and 200),
  started_at timestamptz not null default now(),
  deadline timestamptz not null,
  question_count integer not null check (question_count between 1 and 10000),
  answered_count integer not null default 0 check (answered_count between 0 and question_count),
  tab_switches integer not null default 0 check (tab_switches between 0 and 100000),
  client_online boolean not null default true,
  state text not null default 'in_progress' check (state in ('in_progress', 'submitted_on_device', 'received')),
  reported_at timestamptz,
  last_seen timestamptz not null default now()
);
comment on table public.exam_attempts is
  'One row per exam started on a device, for the proctor''s live view. id is the device''s attempt id, which is also its submission id.';
comment on column public.exam_attempts.started_at is 'When the server handed this device the questions.';
comment on column public.exam_attempts.deadline is
  'The server''s deadline for the code: its first start + the schedule''s duration (30 minutes without one), never past the window''s end, plus the code''s extra minutes.';
comment on column public.exam_attempts.client_online is 'Whether the device believed it was online when it made its latest report.';
comment on column public.exam_attempts.state is
  'in_progress, submitted_on_device (the device queued its submission) or received (the server stored the code''s submission).';
comment on column public.exam_attempts.reported_at is 'When the device made its latest report (server clock): an older report arriving late changes nothing.';
comment on column public.exam_attempts.last_seen is 'When the server last heard from the device.';
create index exam_attempts_login_code_idx on public.exam_attempts (login_code);
alter table public.exam_attempts enable row level security;
-- Written only by the student functions (as owner); administrators read.
revoke all on table public.exam_attempts from anon, authenticated;
grant select on table public.exam_attempts to authenticated;
create policy "Admins can read exam attempts" on public.exam_attempts
  for select to authenticated using ((select public.is_admin()));

-- Extra minutes move the cap (the window's end) and the full duration alike, so the deadline moves by the difference.
create function private.shift_attempt_deadlines() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  update public.exam_attempts a
     set deadline = a.deadline + make_interval(mins => new.extra_minutes - old.extra_minutes)
   where a.login_code = new.code;
  return null;
end
$$;
comment on function private.shift_attempt_deadlines() is 'Moves the deadlines of a code''s attempts when its extra minutes change.';
revoke execute on function private.shift_attempt_deadlines() from public, anon, authenticated;

create trigger login_codes_shift_attempt_deadlines
  after update of extra_minutes on public.login_codes
  for each row when (new.extra_minutes is distinct from old.extra_minutes)
  execute function private.shift_attempt_deadlines();

-- The live page follows attempts through Realtime, like the tables of 20261121000400.
do $$
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  if not exists (
    select 1 from pg_catalog.pg_publication_tables
     where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'exam_attempts'
  ) then
    alter publication supabase_realtime add table public.exam_attempts;
  end if;
end
$$;

-- A report updates only an attempt that exam_questions started for that very code, so nobody
-- can write another student's row; numbers outside their bounds are refused and change nothing.
-- The report must have been made by the attempt's deadline (which holds the window's end and the
-- code's extra minutes) plus the same two minutes of grace as submit_exam, however late it
-- arrives and whichever schedule is active by then. Tab switches never go down. The outcome
-- 'invalid' does not say whether the code exists.
create function private.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz
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

  if attempt.state = 'received' or report_moment < attempt.reported_at then
    -- Overtaken by a later report, or the submission is in: the device is alive, nothing else changes.
    update public.exam_attempts a set last_seen = now() where a.id = attempt.id returning * into attempt;
  else
    update public.exam_attempts a
       set answered_count = report_exam_attempt.answered_count,
           tab_switches = greatest(a.tab_switches, report_exam_attempt.tab_switches),
           client_online = report_exam_attempt.online,
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
comment on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz) is
  'Records a device''s report on its own attempt made by its deadline: ok with the server''s deadline, invalid, or exam_closed.';
revoke execute on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz)
  from public, anon, authenticated;

create function public.report_exam_attempt(
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
begin
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.report_exam_attempt(attempt_id, code, answered_count, tab_switches, state, online, reported_at);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
end
$$;
comment on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz) is
  'A student device''s progress report on its attempt (no answers): ok with the server''s deadline, invalid, exam_closed, or rate_limited after too many invalid codes from one address.';
revoke execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz) from public;
grant execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz)
  to anon, authenticated, service_role;
