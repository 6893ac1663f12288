-- One percentage everywhere, and question numbers 1 to 50 (issue 16, items 3 and 5).
--
-- A submission now stores how many questions its exam served (question_count), set here by the
-- server, never taken from the device: the code's first recorded attempt's count (the usable
-- questions exam_questions served it), else the usable questions numbered 1 to 50 at the
-- submission. Every percentage divides the score by it: the completion screen (the receipt's
-- total), the solutions page (lookup_result's total), and the administrators' rows, pass rule,
-- averages, score bands and tallies. A full exam is 50 questions, so nothing changes for one.
-- It is never below the score, so no percentage passes 100.
--
-- Submissions from before this migration: their first attempt's count when one was recorded
-- (at most 50: the admin screens always divided those by 50), else 50, as the admin screens
-- showed them; never below the score.
--
-- Question numbers are 1 to 50: exam_questions serves at most those, submit_exam (and an answer
-- file recovered) takes answers only for them, and the solutions list only them; the question
-- form and the CSV import accept only 1 to 50. The questions table itself gets no check: a bank
-- may hold rows numbered above 50 (saved before the form checked, and the test suites park
-- their fixtures there, beside a full seeded bank of 1 to 50); they are kept, shown to
-- administrators, and never served or scored.
--
-- And the code step may ask the server after the window's end: check_login_code answers
-- exam_closed when exam_questions would (the window, its end moved by the code's extra
-- minutes, is over or not yet open), so a code with extra time can still start late (item 2).

alter table public.submissions add column question_count integer not null default 50 check (question_count >= 1);
update public.submissions s
   set question_count = greatest(1, s.score, least(50, coalesce(
         (select a.question_count from public.exam_attempts a where a.login_code = s.login_code order by a.started_at limit 1),
         50)));
alter table public.submissions add constraint submissions_score_within_questions check (score <= question_count);
comment on column public.submissions.question_count is
  'How many questions the exam served this submission (set by the server: the code''s first attempt''s count, else the usable questions 1 to 50; never below the score). Every percentage is score / question_count. Defaults to a full exam of 50 for rows an administrator inserts.';

-- The pass rule of src/domain/score.ts (passMarkPercent of the questions served), for the
-- statistics SQL computes; a test holds the two to the same answer.
drop function public.passes(integer);
create function public.passes(score integer, question_count integer) returns boolean
language sql immutable
as $$
  select round(score * 100.0 / question_count) >= 60
$$;
comment on function public.passes(integer, integer) is
  'Whether a score passes: at least 60 % of the questions served (src/domain/score.ts).';
revoke execute on function public.passes(integer, integer) from public, anon;
grant execute on function public.passes(integer, integer) to authenticated, service_role;

-- The tallies count the questions served too, so an average is out of them.
alter table public.submission_tallies add column question_sum bigint not null default 0 check (question_sum >= 0);
comment on table public.submission_tallies is
  'Submissions counted per 15 minutes of submission time (bucket) and shard: count, score sum, questions served, passes. Kept by a trigger on submissions; read by Test Results.';

drop trigger submissions_keep_tallies on public.submissions;
drop function private.keep_submission_tallies();
drop function private.tally_submission(timestamptz, uuid, integer, integer);

create function private.tally_submission(row_submitted_at timestamptz, row_id uuid, row_score integer,
                                         row_question_count integer, sign integer)
returns void
language plpgsql volatile set search_path = ''
as $$
declare
  slot timestamptz := date_bin(interval '15 minutes', row_submitted_at, timestamptz '2000-01-01 00:00+00');
  slot_shard smallint := abs(hashtext(row_id::text)) % 32;
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
comment on function private.tally_submission(timestamptz, uuid, integer, integer, integer) is
  'Adds (sign 1) or takes back (sign -1) one submission in its tally; a tally left empty goes.';
revoke execute on function private.tally_submission(timestamptz, uuid, integer, integer, integer) from public, anon, authenticated;

create function private.keep_submission_tallies() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.tally_submission(old.submitted_at, old.id, old.score, old.question_count, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.tally_submission(new.submitted_at, new.id, new.score, new.question_count, 1);
  end if;
  return null;
end
$$;
comment on function private.keep_submission_tallies() is 'Keeps public.submission_tallies in step with submissions.';
revoke execute on function private.keep_submission_tallies() from public, anon, authenticated;

create trigger submissions_keep_tallies
  after insert or delete or update of id, submitted_at, score, question_count on public.submissions
  for each row execute function private.keep_submission_tallies();

-- Counted again: the pass rule changed with the questions served.
delete from public.submission_tallies;
insert into public.submission_tallies (bucket, shard, submissions, score_sum, question_sum, passed)
select date_bin(interval '15 minutes', s.submitted_at, timestamptz '2000-01-01 00:00+00'), abs(hashtext(s.id::text)) % 32,
       count(*), sum(s.score), sum(s.question_count), count(*) filter (where public.passes(s.score, s.question_count))
  from public.submissions s
 group by 1, 2;

-- As in migration 20261124000200, with the questions served beside the score sum.
drop function public.admin_results_summary(text, text, date);
drop function private.submission_days(text, text);

create function private.submission_days(time_zone text, search text default '')
returns table (day date, submissions bigint, matching bigint, score_sum bigint, question_sum bigint, passed bigint)
language sql stable
as $$
  with tallied as (
    select (t.bucket at time zone submission_days.time_zone)::date as day,
           sum(t.submissions)::bigint as submissions, sum(t.score_sum)::bigint as score_sum,
           sum(t.question_sum)::bigint as question_sum, sum(t.passed)::bigint as passed
      from public.submission_tallies t
     group by 1
  ), searched as (
    select (s.submitted_at at time zone submission_days.time_zone)::date as day,
           count(*) as matching, sum(s.score)::bigint as score_sum, sum(s.question_count)::bigint as question_sum,
           count(*) filter (where public.passes(s.score, s.question_count)) as passed
      from public.submissions s
     where public.search_pattern(submission_days.search) is not null
       and (s.student_name ilike public.search_pattern(submission_days.search)
            or s.login_code ilike public.search_pattern(submission_days.search))
     group by 1
  )
  select d.day, d.submissions,
         case when public.search_pattern(submission_days.search) is null then d.submissions else coalesce(m.matching, 0) end,
         case when public.search_pattern(submission_days.search) is null then d.score_sum else coalesce(m.score_sum, 0) end,
         case when public.search_pattern(submission_days.search) is null then d.question_sum else coalesce(m.question_sum, 0) end,
         case when public.search_pattern(submission_days.search) is null then d.passed else coalesce(m.passed, 0) end
    from tallied d
    left join searched m on m.day = d.day
   order by d.day desc
$$;
comment on function private.submission_days(text, text) is
  'Test Results'' day groups: per local day, all submissions, those matching the search, their score sum, questions served and passes.';
revoke execute on function private.submission_days(text, text) from public, anon, authenticated;

create function public.admin_results_summary(time_zone text, search text default '', day date default null) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
  with days as (
    select * from private.submission_days(time_zone, search)
  ), shown as (
    select * from days d where d.matching > 0 and (admin_results_summary.day is null or d.day = admin_results_summary.day)
  )
  select jsonb_build_object(
    'all_total', (select coalesce(sum(d.submissions), 0) from days d),
    'total', (select coalesce(sum(s.matching), 0) from shown s),
    'score_sum', (select coalesce(sum(s.score_sum), 0) from shown s),
    'question_sum', (select coalesce(sum(s.question_sum), 0) from shown s),
    'passed', (select coalesce(sum(s.passed), 0) from shown s),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('day', s.day, 'total', s.matching, 'score_sum', s.score_sum,
                                                          'question_sum', s.question_sum, 'passed', s.passed)
                                       order by s.day desc), '[]'::jsonb)
               from shown s),
    'day_choices', (select coalesce(jsonb_agg(d.day order by d.day desc), '[]'::jsonb) from days d)));
end
$$;
comment on function public.admin_results_summary(text, text, date) is
  'Test Results before any row: the cards (total, score sum, questions served, passed) and the day groups for the search and day chosen, every day with submissions, and the unfiltered total.';
revoke execute on function public.admin_results_summary(text, text, date) from public, anon;
grant execute on function public.admin_results_summary(text, text, date) to authenticated, service_role;

-- As in migrations 20261124000200 and 20261124000400, with each submission's questions served.
drop function public.admin_day_score_bands(text, date, text);
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
  rank bigint,
  display_order bigint
)
language sql stable
as $$
  select r.id, r.student_name, r.login_code, r.score, r.question_count, r.tab_switches, r.time_taken, r.started_at,
         r.submitted_at, r.received_at, r.answers_fingerprint, r.recovered_from_file, r.arrived_late,
         coalesce((select lc.extra_minutes from public.login_codes lc where lc.code = r.login_code), 0), r.rank, r.display_order
    from (
      select s.*,
             rank() over (order by s.score desc) as rank,
             row_number() over (order by s.score desc, s.time_taken, s.submitted_at, s.id) as display_order
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
  'One local day''s submissions matching the search, ranked by score within the whole day, in display order (display_order), with the questions each was served and the code''s extra minutes. Read in pages.';
revoke execute on function public.admin_day_results(text, date, text) from public, anon;
grant execute on function public.admin_day_results(text, date, text) to authenticated, service_role;

create function public.admin_day_score_bands(time_zone text, day date, search text default '')
returns table (band integer, submissions bigint)
language sql stable
as $$
  -- Every band, empty ones too. The percentage is out of the questions served (src/domain/score.ts,
  -- as public.passes), and 100 % joins the 90-99 % band.
  select b.band, count(r.id)
    from pg_catalog.generate_series(0, 9) as b(band)
    left join public.admin_day_results(admin_day_score_bands.time_zone, admin_day_score_bands.day, admin_day_score_bands.search) r
      on least(9, floor(round(r.score * 100.0 / r.question_count) / 10))::integer = b.band
   group by b.band
   order by b.band
$$;
comment on function public.admin_day_score_bands(text, date, text) is
  'Test Results'' score distribution: per 10 % band (0 for 0-9 % … 9 for 90-100 %) of the questions served, how many of one local day''s submissions matching the search fall in it.';
revoke execute on function public.admin_day_score_bands(text, date, text) from public, anon;
grant execute on function public.admin_day_score_bands(text, date, text) to authenticated, service_role;

-- The receipt's total is the questions served (it was the answers given).
create or replace function public.submission_receipt(s public.submissions) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'outcome', 'accepted',
    'submission_id', s.id,
    'score', s.score,
    'total', s.question_count,
    'received_at', s.received_at,
    'answers_fingerprint', s.answers_fingerprint)
$$;

-- As in migration 20261121000200 (moved to private by 20261121000500), and exam_closed when
-- exam_questions would refuse the window.
create or replace function private.check_login_code(code text) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  login public.login_codes;
  schedule public.exam_schedule;
begin
  select * into login from public.login_codes lc where lc.code = public.normalize_login_code(check_login_code.code);
  if not found then
    return 'invalid';
  end if;
  if login.is_used then
    return 'used';
  end if;
  select * into schedule from public.active_exam_schedule();
  if found and not (now() between schedule.start_time and schedule.end_time + make_interval(mins => login.extra_minutes)) then
    return 'exam_closed';
  end if;
  return 'valid';
end
$$;
comment on function private.check_login_code(text) is
  'valid | used | invalid | exam_closed for a login code as typed (trimmed, upper-cased): exam_closed when the window, its end moved by the code''s extra minutes, is not open now.';
comment on function public.check_login_code(text) is
  'valid | used | invalid | exam_closed (the window, moved by the code''s extra minutes, is not open) for a login code as typed; rate_limited after too many invalid codes from one address.';

-- As in migration 20261122000300, serving only questions numbered 1 to 50.
create or replace function private.exam_questions(code text, attempt_id uuid, student_name text) returns jsonb
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
   where public.is_usable_mcq(q) and q.question_number between 1 and 50;
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
  'The usable MCQ questions numbered 1 to 50, never with correct_answer, for an unused code while the exam window (its end moved by the code''s extra minutes) is open and its time is not over (time_over); records the attempt''s start and answers its deadline and answer-file key.';

-- As in migration 20261124000500, with answers only for questions 1 to 50 and the questions
-- served stored with the submission.
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

  -- The questions the exam served: the code's first attempt's count (what exam_questions
  -- served it), else the usable questions numbered 1 to 50 now; never taken from the device.
  select a.question_count into served
    from public.exam_attempts a where a.login_code = normalized_code order by a.started_at limit 1;
  if served is null then
    select count(*) into served from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50;
  end if;

  -- The score, then the submission as the call's last statement: every value below was checked
  -- above, so nothing the caller sent can make this insert fail, and the score is never in an
  -- error (one from elsewhere, such as a unique key, also leaves without its detail).
  select count(*) into score from jsonb_each_text(record_submission.answers) a
    join public.questions q on q.question_number = a.key::integer
   where q.correct_answer = a.value;
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
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean) is
  'Checks every argument, claims the code and stores the scored submission last with the questions its exam served, all or nothing, under the lateness rule of migration 20261122000300. Idempotent on submission_id.';

-- As in migration 20261124000100, out of the questions served (it was the answers given), with
-- solutions only for questions 1 to 50.
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
      select coalesce(jsonb_agg(jsonb_build_object(
               'question_number', q.question_number, 'question_text', q.question_text,
               'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d,
               'correct_answer', q.correct_answer,
               'student_answer', sub.answers ->> q.question_number::text,
               'is_correct', coalesce((sub.answers ->> q.question_number::text) = q.correct_answer, false))
             order by q.question_number), '[]'::jsonb)
        from public.questions q
       where public.is_usable_mcq(q) and q.question_number between 1 and 50
    ) end);
end
$$;
