create or replace function private.record_void_change() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity(
    case when new.voided_at is null then 'submission_restored' else 'submission_voided' end,
    new.login_code,
    jsonb_build_object('student_name', new.student_name, 'reason', coalesce(new.void_reason, old.void_reason),
                       'score', new.score, 'question_count', new.question_count, 'submission_id', new.id),
    new.exam_id);
  return null;
end
$$;
revoke all on function private.record_void_change() from public, anon, authenticated, service_role;
