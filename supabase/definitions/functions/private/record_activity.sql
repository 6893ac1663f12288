-- exam_id: the exam the action concerned (Activity filters by it); null for one that concerns no
-- exam, such as a guessing limit.
create or replace function private.record_activity(action text, subject text, details jsonb, exam_id uuid default null)
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  acting_user uuid := (select auth.uid());
begin
  insert into public.audit_log (actor_id, actor, action, subject, details, exam_id)
  values (
    acting_user,
    coalesce(
      (select au.email from public.admin_users au where au.user_id = acting_user),
      (select u.email from auth.users u where u.id = acting_user),
      case when claims ->> 'role' = 'service_role' then 'service_role' end,
      'system'),
    record_activity.action,
    record_activity.subject,
    coalesce(record_activity.details, '{}'::jsonb),
    record_activity.exam_id);
end
$$;
comment on function private.record_activity(text, text, jsonb, uuid) is
  'Appends one row to public.audit_log for the current request''s user (or service_role, or system), about the exam given (or none).';
revoke all on function private.record_activity(text, text, jsonb, uuid) from public, anon, authenticated, service_role;
