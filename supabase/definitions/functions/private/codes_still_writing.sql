-- Who is still writing: codes without a submission with an attempt in progress on the server's
-- record and not yet past its deadline, of one exam and sitting (null: any). The last 24 hours
-- bound the attempts read (no attempt lasts longer) and keep it on the index of started_at.
create or replace function private.codes_still_writing(exam_id uuid default null, sitting_id uuid default null)
returns setof text
language sql stable set search_path = ''
as $$
  select distinct a.login_code
    from public.exam_attempts a
    join public.login_codes lc on lc.code = a.login_code
   where not lc.is_used
     and a.state = 'in_progress'
     and a.deadline > now()
     and a.started_at >= now() - interval '24 hours'
     and (codes_still_writing.exam_id is null or a.exam_id = codes_still_writing.exam_id)
     and (codes_still_writing.sitting_id is null or a.sitting_id = codes_still_writing.sitting_id)
$$;
comment on function private.codes_still_writing(uuid, uuid) is
  'Login codes of the students still writing (of one exam and sitting, or any): an unsubmitted attempt in progress before its deadline.';
revoke all on function private.codes_still_writing(uuid, uuid) from public, anon, authenticated, service_role;
