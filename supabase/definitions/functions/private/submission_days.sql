-- exam_id: one exam's days (its own tallies and submissions); null: every exam's.
create or replace function private.submission_days(time_zone text, search text default '', exam_id uuid default null)
returns table (day date, submissions bigint, matching bigint, score_sum bigint, question_sum bigint, passed bigint,
               voided bigint)
language sql stable set search_path = ''
as $$
  with tallied as (
    select (t.bucket at time zone submission_days.time_zone)::date as day,
           sum(t.submissions)::bigint as submissions, sum(t.score_sum)::bigint as score_sum,
           sum(t.question_sum)::bigint as question_sum, sum(t.passed)::bigint as passed
      from public.submission_tallies t
     where submission_days.exam_id is null or t.exam_id = submission_days.exam_id
     group by 1
  ), searched as (
    select (s.submitted_at at time zone submission_days.time_zone)::date as day,
           count(*) as matching, sum(s.score)::bigint as score_sum, sum(s.question_count)::bigint as question_sum,
           count(*) filter (where public.passes(s.score, s.question_count)) as passed
      from public.submissions s
     where public.search_pattern(submission_days.search) is not null
       and s.voided_at is null
       and (submission_days.exam_id is null or s.exam_id = submission_days.exam_id)
       and (s.student_name ilike public.search_pattern(submission_days.search)
            or s.login_code ilike public.search_pattern(submission_days.search))
     group by 1
  ), voided as (
    select (s.submitted_at at time zone submission_days.time_zone)::date as day, count(*) as voided
      from public.submissions s
     where s.voided_at is not null
       and (submission_days.exam_id is null or s.exam_id = submission_days.exam_id)
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
comment on function private.submission_days(text, text, uuid) is
  'Test Results'' day groups of one exam (or all): per local day, all counted submissions, those matching the search, their score sum, questions served and passes, and how many matching ones are voided (counted in nothing else).';
revoke all on function private.submission_days(text, text, uuid) from public, anon, authenticated, service_role;
