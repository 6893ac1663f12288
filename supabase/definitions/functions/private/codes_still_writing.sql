-- Who is still writing the current exam: codes without a submission with an attempt of the active
-- schedule (started in its window; in the last 24 hours without one) that is in progress on the
-- server's record and not yet past its deadline.
create or replace function private.codes_still_writing() returns setof text
language sql stable set search_path = ''
as $$
  select distinct a.login_code
    from public.exam_attempts a
    join public.login_codes lc on lc.code = a.login_code
    left join public.active_exam_schedule() es on true
   where not lc.is_used
     and a.state = 'in_progress'
     and a.deadline > now()
     and a.started_at >= coalesce(es.start_time - interval '2 minutes', now() - interval '24 hours')
$$;
comment on function private.codes_still_writing() is
  'Login codes of the students still writing the current schedule: an unsubmitted attempt in progress before its deadline.';
revoke all on function private.codes_still_writing() from public, anon, authenticated, service_role;
