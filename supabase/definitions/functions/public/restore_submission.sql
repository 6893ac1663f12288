create or replace function public.restore_submission(submission_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  sub public.submissions;
begin
  perform private.require_admin();
  select * into sub from public.submissions s where s.id = restore_submission.submission_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if sub.voided_at is null then
    return jsonb_build_object('outcome', 'not_voided');
  end if;
  update public.submissions s set voided_at = null, void_reason = null, voided_by = null where s.id = sub.id;
  return jsonb_build_object('outcome', 'restored');
end
$$;
comment on function public.restore_submission(uuid) is
  'Administrators: counts a voided submission again and records it (with the reason it had); restored, not_voided or not_found.';
revoke all on function public.restore_submission(uuid) from public, anon, authenticated, service_role;
grant execute on function public.restore_submission(uuid) to authenticated, service_role;
