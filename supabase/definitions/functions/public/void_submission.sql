-- Voiding a submission (docs/product.md#scoring): it stays stored and its code used, but leaves
-- every figure and ranking, and its student is told it was withdrawn. The activity log's row comes
-- from the trigger on voided_at (private.record_void_change), as for restore_submission.
create or replace function public.void_submission(submission_id uuid, reason text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  why text := btrim(void_submission.reason);
  sub public.submissions;
begin
  perform private.require_admin();
  if why is null or length(why) not between 1 and 500 then
    perform private.invalid_argument('A reason is required to void a submission (at most 500 characters)');
  end if;
  select * into sub from public.submissions s where s.id = void_submission.submission_id for update;
  if not found then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  if sub.voided_at is not null then
    return jsonb_build_object('outcome', 'already_voided');
  end if;
  update public.submissions s
     set voided_at = now(), void_reason = why,
         voided_by = (select au.email from public.admin_users au where au.user_id = (select auth.uid()))
   where s.id = sub.id;
  return jsonb_build_object('outcome', 'voided');
end
$$;
comment on function public.void_submission(uuid, text) is
  'Administrators: sets a submission aside with a required reason (left out of every statistic and ranking, its code stays used) and records it; voided, already_voided or not_found.';
revoke all on function public.void_submission(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.void_submission(uuid, text) to authenticated, service_role;
