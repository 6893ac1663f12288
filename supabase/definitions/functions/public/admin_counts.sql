-- exam_id: the totals of one exam; null: of every exam.
create or replace function public.admin_counts(exam_id uuid default null) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return jsonb_build_object(
    'questions', (select count(*) from public.questions q
                   where admin_counts.exam_id is null or q.exam_id = admin_counts.exam_id),
    'login_codes', (select count(*) from public.login_codes lc
                     where admin_counts.exam_id is null or lc.exam_id = admin_counts.exam_id),
    'codes_used', (select count(*) from public.login_codes lc
                    where lc.is_used and (admin_counts.exam_id is null or lc.exam_id = admin_counts.exam_id)),
    -- Available as the Login Code Manager counts it: neither used nor started with.
    'codes_available', (select count(*) from public.login_codes lc
                          where not lc.is_used and (admin_counts.exam_id is null or lc.exam_id = admin_counts.exam_id)
                            and private.login_code_status(lc.is_used, lc.code) = 'available'),
    'submissions', (select count(*) from public.submissions s
                     where admin_counts.exam_id is null or s.exam_id = admin_counts.exam_id));
end
$$;
comment on function public.admin_counts(uuid) is 'Dashboard, System Status and Login Code Manager totals of one exam (or all): questions, login codes, used codes, available codes (neither used nor started with), submissions.';
revoke all on function public.admin_counts(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_counts(uuid) to authenticated, service_role;
