create or replace function public.admin_live_attempt_counts(exam_id uuid default null, sitting_id uuid default null)
returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'offline', count(*) filter (where a.status = 'offline'),
    'submitted_on_device', count(*) filter (where a.status = 'submitted_on_device'),
    'on_track', count(*) filter (where a.status = 'on_track'),
    'received', count(*) filter (where a.status = 'received'),
    'refused', count(*) filter (where a.status = 'refused'),
    'moved', count(*) filter (where a.status = 'moved'))
    from public.admin_live_attempts(admin_live_attempt_counts.exam_id, admin_live_attempt_counts.sitting_id) a
$$;
comment on function public.admin_live_attempt_counts(uuid, uuid) is 'How many of the proctor room''s attempts (of one exam and sitting, or all) have each status now.';
revoke all on function public.admin_live_attempt_counts(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_live_attempt_counts(uuid, uuid) to authenticated, service_role;
