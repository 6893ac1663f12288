-- Who is still writing: codes without a submission with an attempt in progress on the server's
-- record and not yet past its deadline, started in the sitting given, else in its exam's current
-- sitting (private.current_sitting; in the last 24 hours without one), of the exam given or any.
create or replace function private.codes_still_writing(exam_id uuid default null, sitting_id uuid default null)
returns setof text
language sql stable set search_path = ''
as $$
  with exam_windows as (
    select e.id as exam_id, (select cs.start_time - interval '2 minutes' from private.current_sitting(e.id) cs) as opened
      from public.exams e
     where codes_still_writing.exam_id is null or e.id = codes_still_writing.exam_id
  )
  select distinct a.login_code
    from public.exam_attempts a
    join exam_windows w on w.exam_id = a.exam_id
    join public.login_codes lc on lc.code = a.login_code
   where not lc.is_used
     and a.state = 'in_progress'
     and a.deadline > now()
     and a.started_at >= now() - interval '24 hours'
     and case when codes_still_writing.sitting_id is null then a.started_at >= coalesce(w.opened, now() - interval '24 hours')
              else a.sitting_id = codes_still_writing.sitting_id end
$$;
comment on function private.codes_still_writing(uuid, uuid) is
  'Login codes of the students still writing (the sitting given, else each exam''s current one; of the exam given, or any): an unsubmitted attempt in progress before its deadline.';
revoke all on function private.codes_still_writing(uuid, uuid) from public, anon, authenticated, service_role;
