-- Voiding a submission (issue 15): an administrator sets aside a submission judged invalid (a
-- late arrival, a recovered answer file, cheating) with a required reason, and may restore it.
--
-- A voided submission stays stored, its code stays used, and it is left out of every statistic
-- and ranking: the tallies (so Test Results' cards and day groups), the day's rank and score
-- bands. Test Results still lists it, after the ranked ones, as "Voided" with its reason, and the
-- day groups count it apart (voided), so a day whose every submission is voided can still be
-- opened to restore one. The student's solutions page says the result was withdrawn by the
-- examiner (lookup_result's outcome withdrawn) instead of a score.
--
-- Both actions go through SECURITY DEFINER functions; a trigger writes the activity log for
-- every change of voided_at, so an administrator's direct update of the table is recorded too.
-- The columns are kept consistent by a check (a reason exactly when voided).

alter table public.submissions
  add column voided_at timestamptz,
  add column void_reason text check (length(btrim(void_reason)) between 1 and 500),
  add column voided_by text,
  add constraint submissions_void_fields check ((voided_at is null) = (void_reason is null));
comment on column public.submissions.voided_at is
  'When an administrator voided the submission (void_submission); null while it counts. A voided submission is left out of every statistic and ranking.';
comment on column public.submissions.void_reason is 'Why the submission was voided, as the administrator wrote it; shown with it in Test Results and the printed report.';
comment on column public.submissions.voided_by is 'The email of the administrator who voided it.';
-- Voided submissions are few: the day groups find them through this index.
create index submissions_voided_submitted_at_idx on public.submissions (submitted_at) where voided_at is not null;

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'codes_generated', 'codes_deleted', 'extra_time_changed', 'room_time_added',
  'questions_added', 'questions_imported', 'question_changed', 'questions_deleted',
  'schedule_created', 'schedule_changed', 'schedule_deleted',
  'answer_file_recovered', 'submission_voided', 'submission_restored'));

-- The tallies count only submissions that are not voided: voiding takes one out, restoring puts
-- it back. As in migration 20261124000600 otherwise.
create or replace function private.keep_submission_tallies() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.voided_at is null then
    perform private.tally_submission(old.submitted_at, old.id, old.score, old.question_count, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.voided_at is null then
    perform private.tally_submission(new.submitted_at, new.id, new.score, new.question_count, 1);
  end if;
  return null;
end
$$;
comment on function private.keep_submission_tallies() is 'Keeps public.submission_tallies in step with the submissions that are not voided.';

drop trigger submissions_keep_tallies on public.submissions;
create trigger submissions_keep_tallies
  after insert or delete or update of id, submitted_at, score, question_count, voided_at on public.submissions
  for each row execute function private.keep_submission_tallies();

-- As in migration 20261124000600: the searched figures leave voided submissions out, and each day
-- says how many of its submissions (matching the search) are voided.
drop function public.admin_results_summary(text, text, date);
drop function private.submission_days(text, text);

create function private.submission_days(time_zone text, search text default '')
returns table (day date, submissions bigint, matching bigint, score_sum bigint, question_sum bigint, passed bigint,
               voided bigint)
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
       and s.voided_at is null
       and (s.student_name ilike public.search_pattern(submission_days.search)
            or s.login_code ilike public.search_pattern(submission_days.search))
     group by 1
  ), voided as (
    select (s.submitted_at at time zone submission_days.time_zone)::date as day, count(*) as voided
      from public.submissions s
     where s.voided_at is not null
       and (public.search_pattern(submission_days.search) is null
            or s.student_name ilike public.search_pattern(submission_days.search)
            or s.login_code ilike public.search_pattern(submission_days.search))
     group by 1
  )
  select coalesce(d.day, v.day), coalesce(d.submissions, 0),
         case when public.search_pattern(submission_days.search) is null then coalesce(d.submissions, 0) else coalesce(m.matching, 0) end,
         case when public.search_pattern(submission_days.search) is null then coalesce(d.score_sum, 0) else coalesce(m.score_sum, 0) end,
         case when public.search_pattern(submission_days.search) is null then coalesce(d.question_sum, 0) else coalesce(m.question_sum, 0) end,
         case when public.search_pattern(submission_days.search) is null then coalesce(d.passed, 0) else coalesce(m.passed, 0) end,
         coalesce(v.voided, 0)
    from tallied d
    full join voided v on v.day = d.day
    left join searched m on m.day = d.day
   order by 1 desc
$$;
comment on function private.submission_days(text, text) is
  'Test Results'' day groups: per local day, all counted submissions, those matching the search, their score sum, questions served and passes, and how many matching ones are voided (counted in nothing else).';
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
    select * from days d
     where (d.matching > 0 or d.voided > 0) and (admin_results_summary.day is null or d.day = admin_results_summary.day)
  )
  select jsonb_build_object(
    'all_total', (select coalesce(sum(d.submissions), 0) from days d),
    'total', (select coalesce(sum(s.matching), 0) from shown s),
    'score_sum', (select coalesce(sum(s.score_sum), 0) from shown s),
    'question_sum', (select coalesce(sum(s.question_sum), 0) from shown s),
    'passed', (select coalesce(sum(s.passed), 0) from shown s),
    'voided', (select coalesce(sum(s.voided), 0) from shown s),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('day', s.day, 'total', s.matching, 'score_sum', s.score_sum,
                                                          'question_sum', s.question_sum, 'passed', s.passed,
                                                          'voided', s.voided)
                                       order by s.day desc), '[]'::jsonb)
               from shown s),
    'day_choices', (select coalesce(jsonb_agg(d.day order by d.day desc), '[]'::jsonb) from days d)));
end
$$;
comment on function public.admin_results_summary(text, text, date) is
  'Test Results before any row: the cards (total, score sum, questions served, passed; voided submissions left out and counted apart) and the day groups for the search and day chosen, every day with submissions, and the unfiltered total.';
revoke execute on function public.admin_results_summary(text, text, date) from public, anon;
grant execute on function public.admin_results_summary(text, text, date) to authenticated, service_role;

-- As in migration 20261124000600, but a voided submission has no rank and comes after the ranked
-- ones, with when and why it was voided; the score bands count only the ranked ones.
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
  voided_at timestamptz,
  void_reason text,
  rank bigint,
  display_order bigint
)
language sql stable
as $$
  select r.id, r.student_name, r.login_code, r.score, r.question_count, r.tab_switches, r.time_taken, r.started_at,
         r.submitted_at, r.received_at, r.answers_fingerprint, r.recovered_from_file, r.arrived_late,
         coalesce((select lc.extra_minutes from public.login_codes lc where lc.code = r.login_code), 0),
         r.voided_at, r.void_reason,
         case when r.voided_at is null then r.rank end, r.display_order
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
  'One local day''s submissions matching the search, ranked by score within the whole day (voided ones unranked, last, with when and why), in display order (display_order), with the questions each was served and the code''s extra minutes. Read in pages.';
revoke execute on function public.admin_day_results(text, date, text) from public, anon;
grant execute on function public.admin_day_results(text, date, text) to authenticated, service_role;

create function public.admin_day_score_bands(time_zone text, day date, search text default '')
returns table (band integer, submissions bigint)
language sql stable
as $$
  -- Every band, empty ones too. The percentage is out of the questions served (src/domain/score.ts,
  -- as public.passes), and 100 % joins the 90-99 % band. Voided submissions count in none.
  select b.band, count(r.id)
    from pg_catalog.generate_series(0, 9) as b(band)
    left join public.admin_day_results(admin_day_score_bands.time_zone, admin_day_score_bands.day, admin_day_score_bands.search) r
      on r.voided_at is null and least(9, floor(round(r.score * 100.0 / r.question_count) / 10))::integer = b.band
   group by b.band
   order by b.band
$$;
comment on function public.admin_day_score_bands(text, date, text) is
  'Test Results'' score distribution: per 10 % band (0 for 0-9 % … 9 for 90-100 %) of the questions served, how many of one local day''s submissions matching the search, voided ones left out, fall in it.';
revoke execute on function public.admin_day_score_bands(text, date, text) from public, anon;
grant execute on function public.admin_day_score_bands(text, date, text) to authenticated, service_role;

-- Void and restore, each recorded in the activity log.
create function public.void_submission(submission_id uuid, reason text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  why text := btrim(void_submission.reason);
  sub public.submissions;
begin
  perform private.require_admin();
  if why is null or length(why) not between 1 and 500 then
    perform private.invalid_argument('A reason is required to void a submission (at most 500 characters)');
  end if;
  select * into sub from public.submissions s where s.id = void_submission.submission_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if sub.voided_at is not null then
    return jsonb_build_object('outcome', 'already_voided');
  end if;
  update public.submissions s
     set voided_at = now(), void_reason = why,
         voided_by = (select au.email from public.admin_users au where au.user_id = (select auth.uid()))
   where s.id = sub.id;
  return jsonb_build_object('outcome', 'voided');
end
$$;
comment on function public.void_submission(uuid, text) is
  'Administrators: sets a submission aside with a required reason (left out of every statistic and ranking, its code stays used) and records it; voided, already_voided or not_found.';
revoke execute on function public.void_submission(uuid, text) from public, anon;
grant execute on function public.void_submission(uuid, text) to authenticated, service_role;

create function public.restore_submission(submission_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  sub public.submissions;
begin
  perform private.require_admin();
  select * into sub from public.submissions s where s.id = restore_submission.submission_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if sub.voided_at is null then
    return jsonb_build_object('outcome', 'not_voided');
  end if;
  update public.submissions s set voided_at = null, void_reason = null, voided_by = null where s.id = sub.id;
  return jsonb_build_object('outcome', 'restored');
end
$$;
comment on function public.restore_submission(uuid) is
  'Administrators: counts a voided submission again and records it (with the reason it had); restored, not_voided or not_found.';
revoke execute on function public.restore_submission(uuid) from public, anon;
grant execute on function public.restore_submission(uuid) to authenticated, service_role;

create function private.record_void_change() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity(
    case when new.voided_at is null then 'submission_restored' else 'submission_voided' end,
    new.login_code,
    jsonb_build_object('student_name', new.student_name, 'reason', coalesce(new.void_reason, old.void_reason),
                       'score', new.score, 'question_count', new.question_count, 'submission_id', new.id));
  return null;
end
$$;
revoke execute on function private.record_void_change() from public, anon, authenticated, service_role;

create trigger submissions_record_void_change
  after update of voided_at on public.submissions
  for each row when (old.voided_at is distinct from new.voided_at)
  execute function private.record_void_change();

-- The solutions page: a voided submission's result is withdrawn (no score, no solutions). As in
-- migration 20261124000100 otherwise.
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
  if answer ->> 'outcome' = 'ok'
     and exists (select 1 from public.submissions s where s.login_code = answer ->> 'login_code' and s.voided_at is not null) then
    return jsonb_build_object('outcome', 'withdrawn');
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.lookup_result(text) is
  'The solutions page: every outcome of the spec, withdrawn for a voided submission, per-question solutions only within 24 hours of submission and once the exam is over for everyone; rate_limited after too many invalid codes from one address.';
