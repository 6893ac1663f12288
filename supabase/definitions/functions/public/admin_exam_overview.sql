-- The exam list and the dashboard's status per exam: each exam with the sitting that matters now
-- (the one open now, the newest such; else the next to start; else the one that ended last, as a
-- code picks its sitting) and its figures. Only active sittings count: one switched off offers
-- nothing to students. Archived exams last.
create or replace function public.admin_exam_overview() returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    select coalesce(jsonb_agg(jsonb_build_object(
             'id', e.id,
             'name', e.name,
             'archived_at', e.archived_at,
             'status', case when sitting.id is null then 'no_sitting'
                            when sitting.start_time > now() then 'upcoming'
                            when sitting.end_time > now() then 'active'
                            else 'closed' end,
             'sitting', case when sitting.id is not null then
                          jsonb_build_object('id', sitting.id, 'name', sitting.exam_name,
                                             'start_time', sitting.start_time, 'end_time', sitting.end_time) end,
             'questions_ready', (select count(*) from public.questions q
                                  where q.exam_id = e.id and q.question_number between 1 and 50 and public.is_usable_mcq(q)),
             'codes_available', (select count(*) from public.login_codes lc where lc.exam_id = e.id and not lc.is_used
                                   and private.login_code_status(lc.is_used, lc.code) = 'available'),
             'codes_used', (select count(*) from public.login_codes lc where lc.exam_id = e.id and lc.is_used),
             'submissions', (select count(*) from public.submissions s where s.exam_id = e.id))
           order by e.archived_at is not null, e.created_at, e.id), '[]'::jsonb)
      from public.exams e
      left join lateral (
        select es.id, es.exam_name, es.start_time, es.end_time
          from public.exam_schedule es
         where es.exam_id = e.id and es.is_active
         order by case when es.start_time <= now() and es.end_time > now() then 0
                       when es.start_time > now() then 1
                       else 2 end,
                  case when es.start_time <= now() and es.end_time > now() then -extract(epoch from es.created_at) end,
                  case when es.start_time > now() then es.start_time end,
                  es.end_time desc
         limit 1) sitting on true);
end
$$;
comment on function public.admin_exam_overview() is
  'Administrators: every exam (archived ones last) with its status (upcoming, active, closed or no_sitting), the sitting that matters now (open now, else next, else the last), its usable questions 1 to 50, available codes (neither used nor started with) and used codes, and submissions.';
revoke all on function public.admin_exam_overview() from public, anon, authenticated, service_role;
grant execute on function public.admin_exam_overview() to authenticated, service_role;
