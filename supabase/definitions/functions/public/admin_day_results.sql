-- Test Results' rows of one local day, read a page at a time, ranked by score within the whole
-- day; voided ones unranked, last. How many answers were not counted: of a recovered answer file
-- (recovery_check) or of a late arrival once its solutions could be out (late_check); a
-- submission has at most one of the two checks. With an exam, its submissions only, ranked among
-- themselves; without, every exam's (each row says which, for the export's exam column). Whether
-- the server submitted it from its copy (and when that copy was saved), or a device's submission
-- replaced such a one.
create or replace function public.admin_day_results(time_zone text, day date, search text default '', exam_id uuid default null)
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
  uncounted_answers integer,
  exam_id uuid,
  exam_name text,
  from_server_copy boolean,
  server_copy_saved_at timestamptz,
  replaced_server_copy_at timestamptz
)
-- Runs as the caller, so the row-level security of submissions decides who reads them
-- (administrators). Like every function its search_path is empty, so it is planned on its own
-- rather than inlined into the caller's query (docs/architecture.md#school-scale-the-limits-of-production-here-too).
language sql stable set search_path = ''
as $$
  select r.id, r.student_name, r.login_code, r.score, r.question_count, r.tab_switches, r.time_taken, r.started_at,
         r.submitted_at, r.received_at, r.answers_fingerprint, r.recovered_from_file, r.arrived_late,
         coalesce((select lc.extra_minutes from public.login_codes lc where lc.code = r.login_code), 0),
         r.voided_at, r.void_reason, r.regraded_at, r.score_before_regrade,
         case when r.voided_at is null then r.rank end, r.display_order,
         coalesce((r.recovery_check ->> 'file_answers')::integer - (r.recovery_check ->> 'counted')::integer,
                  (r.late_check ->> 'sent_answers')::integer - (r.late_check ->> 'counted')::integer),
         r.exam_id, (select e.name from public.exams e where e.id = r.exam_id),
         r.from_server_copy, r.server_copy_saved_at, r.replaced_server_copy_at
    from (
      select s.*,
             rank() over (partition by s.voided_at is null order by s.score desc) as rank,
             row_number() over (order by s.voided_at is not null, s.score desc, s.time_taken, s.submitted_at, s.id) as display_order
        from public.submissions s
       where s.submitted_at >= (admin_day_results.day::timestamp at time zone admin_day_results.time_zone)
         and s.submitted_at < ((admin_day_results.day + 1)::timestamp at time zone admin_day_results.time_zone)
         and (admin_day_results.exam_id is null or s.exam_id = admin_day_results.exam_id)
    ) r
   where (public.search_pattern(admin_day_results.search) is null
          or r.student_name ilike public.search_pattern(admin_day_results.search)
          or r.login_code ilike public.search_pattern(admin_day_results.search))
   order by r.display_order
$$;
comment on function public.admin_day_results(text, date, text, uuid) is
  'One local day''s submissions of one exam (or of all, each with its exam) matching the search, ranked by score within the whole day (voided ones unranked, last, with when and why), in display order (display_order), with the questions each was served, the code''s extra minutes, when a key correction regraded it (with the score it had first), and how many answers were not counted: of a recovered answer file, or of a late arrival once its solutions could be out; whether it was submitted from the server''s copy (server_copy_saved_at) or replaced one (replaced_server_copy_at). Read in pages.';
revoke all on function public.admin_day_results(text, date, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_day_results(text, date, text, uuid) to authenticated, service_role;
