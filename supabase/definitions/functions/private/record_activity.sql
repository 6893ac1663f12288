create or replace function private.record_activity(action text, subject text, details jsonb) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  acting_user uuid := (select auth.uid());
begin
  insert into public.audit_log (actor_id, actor, action, subject, details)
  values (
    acting_user,
    coalesce(
      (select au.email from public.admin_users au where au.user_id = acting_user),
      (select u.email from auth.users u where u.id = acting_user),
      case when claims ->> 'role' = 'service_role' then 'service_role' end,
      'system'),
    record_activity.action,
    record_activity.subject,
    coalesce(record_activity.details, '{}'::jsonb));
end
$$;
comment on function private.record_activity(text, text, jsonb) is
  'Appends one row to public.audit_log for the current request''s user (or service_role, or system).';
revoke all on function private.record_activity(text, text, jsonb) from public, anon, authenticated, service_role;
