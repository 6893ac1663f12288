-- The activity log's row for a submission an administrator recovered from an answer file (a
-- submission only ever enters recovered_from_file through recover_submission_from_file). The
-- trigger's condition (triggers/public/submissions.sql) keeps it off the path of every other
-- submission.
create or replace function private.record_answer_file_recovery() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity('answer_file_recovered', new.login_code,
    jsonb_build_object('student_name', new.student_name, 'submission_id', new.id, 'arrived_late', new.arrived_late),
    new.exam_id);
  return null;
end
$$;
revoke all on function private.record_answer_file_recovery() from public, anon, authenticated, service_role;
