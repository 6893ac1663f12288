-- Admin screens at school scale: counts, statistics, day groups and rankings come from SQL, and
-- lists come a page at a time, because hosted PostgREST returns at most max_rows (1,000) rows per
-- read, silently. No admin screen reads a whole table any more.
--
-- The row readers (admin_day_results, admin_live_attempts) run as the caller, so row-level
-- security stays their guard (anyone but an administrator gets no rows); they are plain SQL
-- without a SET clause, which PostgreSQL inlines into the calling query, so the plans that
-- tests/integration/admin-query-plans.test.ts checks are the real ones, and their bodies name
-- every object with its schema, as an empty search_path would require. The statistics
-- (admin_counts, admin_results_summary) are SECURITY DEFINER with an explicit gate instead
-- (42501 for anyone but an administrator): behind row-level security an ILIKE search, not
-- leakproof, may not use its trigram index and would read every submission.
--
-- Days are the administrator's local days: each call names its IANA time zone
-- (Intl.DateTimeFormat().resolvedOptions().timeZone); PostgreSQL refuses an unknown one.
--
-- Statistics come from public.submission_tallies, kept by a trigger on submissions: per 15
-- minutes of submission time (every time zone's midnight falls on a quarter hour) the count,
-- score sum and passes, spread over 32 shards so that a herd of concurrent submissions does not
-- queue on one row. Test Results' cards and day groups read a few hundred tally rows instead of
-- every submission; with a search they read the matching submissions through trigram indexes.

create extension if not exists pg_trgm with schema extensions;

-- A day's results, and the day groups of a search.
drop index if exists public.submissions_submitted_at_idx;
create index submissions_submitted_at_score_idx on public.submissions (submitted_at desc) include (score);
-- Search by a fragment of the name or the code, anywhere in it, case-insensitively.
create index submissions_student_name_trgm_idx on public.submissions using gin (student_name extensions.gin_trgm_ops);
create index submissions_login_code_trgm_idx on public.submissions using gin (login_code extensions.gin_trgm_ops);
-- The Login Code Manager's Available and Used lists, newest first.
create index login_codes_is_used_created_at_idx on public.login_codes (is_used, created_at desc, id);
-- The proctor room's last 24 hours.
create index exam_attempts_started_at_idx on public.exam_attempts (started_at desc);

create function public.search_pattern(search text) returns text
language sql immutable set search_path = ''
as $$
  -- Null for no search; otherwise an ILIKE pattern matching the text anywhere, its own % and _ taken literally.
  select case when coalesce(btrim(search), '') = '' then null
              else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end
$$;
comment on function public.search_pattern(text) is 'The ILIKE pattern for a search box''s text (null when empty): matches it anywhere, literally.';
revoke execute on function public.search_pattern(text) from public, anon;
grant execute on function public.search_pattern(text) to authenticated, service_role;

create function private.require_admin() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(public.is_admin(), false) then
    raise exception 'only administrators can read this' using errcode = '42501';
  end if;
end
$$;
comment on function private.require_admin() is 'Refuses (42501) a caller who is not a signed-in administrator.';
revoke execute on function private.require_admin() from public, anon, authenticated;

create function public.admin_counts() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return jsonb_build_object(
    'questions', (select count(*) from public.questions),
    'login_codes', (select count(*) from public.login_codes),
    'codes_used', (select count(*) from public.login_codes lc where lc.is_used),
    'submissions', (select count(*) from public.submissions));
end
$$;
comment on function public.admin_counts() is 'Dashboard, System Status and Login Code Manager totals: questions, login codes, used codes, submissions.';
revoke execute on function public.admin_counts() from public, anon;
grant execute on function public.admin_counts() to authenticated, service_role;

-- The pass rule of src/domain/score.ts (passMarkPercent of examSize), for the statistics SQL
-- computes; a test holds the two to the same answer for every score.
create function public.passes(score integer) returns boolean
language sql immutable
as $$
  select round(score * 100.0 / 50) >= 60
$$;
comment on function public.passes(integer) is 'Whether a score passes: at least 60 % of the 50-question exam (src/domain/score.ts).';
revoke execute on function public.passes(integer) from public, anon;
grant execute on function public.passes(integer) to authenticated, service_role;

create table public.submission_tallies (
  bucket timestamptz not null,
  shard smallint not null check (shard between 0 and 31),
  submissions integer not null check (submissions >= 0),
  score_sum bigint not null check (score_sum >= 0),
  passed integer not null check (passed >= 0),
  primary key (bucket, shard)
);
comment on table public.submission_tallies is
  'Submissions counted per 15 minutes of submission time (bucket) and shard: count, score sum, passes. Kept by a trigger on submissions; read by Test Results.';
alter table public.submission_tallies enable row level security;
revoke all on table public.submission_tallies from anon, authenticated;
grant select on table public.submission_tallies to authenticated;
create policy "Admins can read submission tallies" on public.submission_tallies
  for select to authenticated using ((select public.is_admin()));

create function private.tally_submission(row_submitted_at timestamptz, row_id uuid, row_score integer, sign integer)
returns void
language plpgsql volatile set search_path = ''
as $$
declare
  slot timestamptz := date_bin(interval '15 minutes', row_submitted_at, timestamptz '2000-01-01 00:00+00');
  slot_shard smallint := abs(hashtext(row_id::text)) % 32;
  passes integer := case when public.passes(row_score) then 1 else 0 end;
begin
  if sign > 0 then
    insert into public.submission_tallies as t (bucket, shard, submissions, score_sum, passed)
    values (slot, slot_shard, 1, row_score, passes)
    on conflict (bucket, shard) do update
      set submissions = t.submissions + 1, score_sum = t.score_sum + excluded.score_sum, passed = t.passed + excluded.passed;
  else
    update public.submission_tallies t
       set submissions = t.submissions - 1, score_sum = t.score_sum - row_score, passed = t.passed - passes
     where t.bucket = slot and t.shard = slot_shard;
    delete from public.submission_tallies t where t.bucket = slot and t.shard = slot_shard and t.submissions = 0;
  end if;
end
$$;
comment on function private.tally_submission(timestamptz, uuid, integer, integer) is
  'Adds (sign 1) or takes back (sign -1) one submission in its tally; a tally left empty goes.';
revoke execute on function private.tally_submission(timestamptz, uuid, integer, integer) from public, anon, authenticated;

create function private.keep_submission_tallies() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform private.tally_submission(old.submitted_at, old.id, old.score, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform private.tally_submission(new.submitted_at, new.id, new.score, 1);
  end if;
  return null;
end
$$;
comment on function private.keep_submission_tallies() is 'Keeps public.submission_tallies in step with submissions.';
revoke execute on function private.keep_submission_tallies() from public, anon, authenticated;

create trigger submissions_keep_tallies
  after insert or delete or update of id, submitted_at, score on public.submissions
  for each row execute function private.keep_submission_tallies();

insert into public.submission_tallies (bucket, shard, submissions, score_sum, passed)
select date_bin(interval '15 minutes', s.submitted_at, timestamptz '2000-01-01 00:00+00'), abs(hashtext(s.id::text)) % 32,
       count(*), sum(s.score), count(*) filter (where public.passes(s.score))
  from public.submissions s
 group by 1, 2;

-- One row per local day with submissions: how many in all, and how many match the search with
-- their score sum and passes (all of them without a search).
create function private.submission_days(time_zone text, search text default '')
returns table (day date, submissions bigint, matching bigint, score_sum bigint, passed bigint)
language sql stable
as $$
  with tallied as (
    select (t.bucket at time zone submission_days.time_zone)::date as day,
           sum(t.submissions)::bigint as submissions, sum(t.score_sum)::bigint as score_sum, sum(t.passed)::bigint as passed
      from public.submission_tallies t
     group by 1
  ), searched as (
    select (s.submitted_at at time zone submission_days.time_zone)::date as day,
           count(*) as matching, sum(s.score)::bigint as score_sum, count(*) filter (where public.passes(s.score)) as passed
      from public.submissions s
     where public.search_pattern(submission_days.search) is not null
       and (s.student_name ilike public.search_pattern(submission_days.search)
            or s.login_code ilike public.search_pattern(submission_days.search))
     group by 1
  )
  select d.day, d.submissions,
         case when public.search_pattern(submission_days.search) is null then d.submissions else coalesce(m.matching, 0) end,
         case when public.search_pattern(submission_days.search) is null then d.score_sum else coalesce(m.score_sum, 0) end,
         case when public.search_pattern(submission_days.search) is null then d.passed else coalesce(m.passed, 0) end
    from tallied d
    left join searched m on m.day = d.day
   order by d.day desc
$$;
comment on function private.submission_days(text, text) is
  'Test Results'' day groups: per local day, all submissions, those matching the search, their score sum and passes.';
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
    'passed', (select coalesce(sum(s.passed), 0) from shown s),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('day', s.day, 'total', s.matching, 'score_sum', s.score_sum,
                                                          'passed', s.passed) order by s.day desc), '[]'::jsonb)
               from shown s),
    'day_choices', (select coalesce(jsonb_agg(d.day order by d.day desc), '[]'::jsonb) from days d)));
end
$$;
comment on function public.admin_results_summary(text, text, date) is
  'Test Results before any row: the cards (total, score sum, passed) and the day groups for the search and day chosen, every day with submissions, and the unfiltered total.';
revoke execute on function public.admin_results_summary(text, text, date) from public, anon;
grant execute on function public.admin_results_summary(text, text, date) to authenticated, service_role;

-- A day's submissions ranked by score (rank() over the whole day, so a search keeps each match's
-- place), in the results table's order: best first, then the faster, then the earlier.
-- Read a page at a time (Range / limit and offset), with count=exact for the total.
create function public.admin_day_results(time_zone text, day date, search text default '')
returns table (
  id uuid,
  student_name text,
  login_code text,
  score integer,
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
  select r.id, r.student_name, r.login_code, r.score, r.tab_switches, r.time_taken, r.started_at, r.submitted_at,
         r.received_at, r.answers_fingerprint, r.recovered_from_file, r.arrived_late,
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
  'One local day''s submissions matching the search, ranked by score within the whole day, in display order (display_order), with the code''s extra minutes. Read in pages.';
revoke execute on function public.admin_day_results(text, date, text) from public, anon;
grant execute on function public.admin_day_results(text, date, text) to authenticated, service_role;

-- The proctor room: attempts started in the last 24 hours with their status at the server's
-- clock (as src/domain/attempt-status.ts: offline after 60 s without a report), problems first.
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
  reported_at timestamptz,
  last_seen timestamptz,
  status text,
  extra_minutes integer,
  recovered_from_file boolean,
  arrived_late boolean,
  display_order bigint
)
language sql stable
as $$
  select a.id, a.login_code, a.student_name, a.started_at, a.deadline, a.question_count, a.answered_count, a.tab_switches,
         a.client_online, a.state, a.reported_at, a.last_seen, a.status,
         coalesce(lc.extra_minutes, 0),
         coalesce(s.recovered_from_file, false),
         coalesce(s.arrived_late, false),
         row_number() over (
           order by a.status_order,
                    case when a.status_order < 2 then a.last_seen end,
                    a.student_name, a.login_code, a.id) as display_order
    from (
      select x.*,
             case when x.state = 'received' then 'received'
                  when x.state = 'submitted_on_device' then 'submitted_on_device'
                  when now() - x.last_seen > interval '60 seconds' then 'offline'
                  else 'on_track' end as status,
             case when x.state = 'received' then 3
                  when x.state = 'submitted_on_device' then 1
                  when now() - x.last_seen > interval '60 seconds' then 0
                  else 2 end as status_order
        from public.exam_attempts x
       where x.started_at >= now() - interval '24 hours'
    ) a
    left join public.login_codes lc on lc.code = a.login_code
    -- A code's one submission ends all its attempts, so each of them arrived the way it did.
    left join public.submissions s on s.login_code = a.login_code and a.state = 'received'
   order by display_order
$$;
comment on function public.admin_live_attempts() is
  'The proctor room: attempts started in the last 24 hours with their status now, problems first (display_order), with extra minutes and how the submission arrived. Read in pages.';
revoke execute on function public.admin_live_attempts() from public, anon;
grant execute on function public.admin_live_attempts() to authenticated, service_role;

create function public.admin_live_attempt_counts() returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'offline', count(*) filter (where a.status = 'offline'),
    'submitted_on_device', count(*) filter (where a.status = 'submitted_on_device'),
    'on_track', count(*) filter (where a.status = 'on_track'),
    'received', count(*) filter (where a.status = 'received'))
    from public.admin_live_attempts() a
$$;
comment on function public.admin_live_attempt_counts() is 'How many of the proctor room''s attempts have each status now.';
revoke execute on function public.admin_live_attempt_counts() from public, anon;
grant execute on function public.admin_live_attempt_counts() to authenticated, service_role;
