-- A page of one exam's (or every exam's) codes of one status (available, in_use, used) and one
-- label (or all), for the lists, Copy all, the CSV and the slips, newest first. Codes of a batch
-- share their created_at: within it they come by name, then code, so a class list prints in its
-- order and pages never overlap. A page past the end (codes used or deleted since the admin
-- turned to it) gives the last page instead, saying which (page_offset).
-- At most 500 rows a read: under hosted PostgREST's max_rows of 1,000.
create or replace function public.admin_login_codes(
  exam_id uuid default null, status text default 'available', label text default null,
  page_offset integer default 0, page_size integer default 50) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  if admin_login_codes.status is null or admin_login_codes.status not in ('available', 'in_use', 'used')
     or admin_login_codes.page_offset is null or admin_login_codes.page_offset < 0
     or admin_login_codes.page_size is null or admin_login_codes.page_size not between 1 and 500 then
    raise exception 'Invalid page of login codes' using errcode = '22023';
  end if;
  return (
    with listed as (
      select lc.*, row_number() over (order by lc.created_at desc, lc.student_name nulls last, lc.code) as n
        from public.login_codes lc
       where (admin_login_codes.exam_id is null or lc.exam_id = admin_login_codes.exam_id)
         and (admin_login_codes.label is null or lc.label = admin_login_codes.label)
         and private.login_code_status(lc.is_used, lc.code) = admin_login_codes.status
    ),
    counted as (select count(*)::integer as total from listed),
    shown as (select least(admin_login_codes.page_offset,
                           greatest(0, (c.total - 1) / admin_login_codes.page_size * admin_login_codes.page_size)) as first
                from counted c)
    select jsonb_build_object(
             'total', c.total,
             'page_offset', s.first,
             'rows', (
               select coalesce(jsonb_agg(jsonb_build_object(
                        'id', p.id, 'code', p.code, 'created_at', p.created_at, 'exam_id', p.exam_id,
                        'extra_minutes', p.extra_minutes, 'label', p.label, 'student_name', p.student_name,
                        'used_by', p.used_by, 'used_at', p.used_at, 'status', admin_login_codes.status,
                        'started_by', started.student_name, 'started_at', started.started_at) order by p.n), '[]'::jsonb)
                 from listed p
                 -- Who started an exam with a code in use, and when: its latest attempt.
                 left join lateral (select a.student_name, a.started_at from public.exam_attempts a
                                     where a.login_code = p.code and admin_login_codes.status = 'in_use'
                                     order by a.started_at desc limit 1) started on true
                where p.n > s.first and p.n <= s.first + admin_login_codes.page_size))
      from counted c, shown s);
end
$$;
comment on function public.admin_login_codes(uuid, text, text, integer, integer) is
  'Administrators: a page (at most 500) of the login codes of one exam (or all), one status (available, in_use, used) and one label (or all): {total, page_offset, rows}, rows with label, student_name, used_by/used_at and, in use, who started (started_by, started_at). A page past the end gives the last.';
revoke all on function public.admin_login_codes(uuid, text, text, integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.admin_login_codes(uuid, text, text, integer, integer) to authenticated, service_role;
