create or replace function public.admin_counts() returns jsonb
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
revoke all on function public.admin_counts() from public, anon, authenticated, service_role;
grant execute on function public.admin_counts() to authenticated, service_role;
