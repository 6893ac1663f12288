create or replace function private.submit_exam(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz
) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
begin
  return private.record_submission(submission_id, code, student_name, answers, tab_switches, time_taken, started_at, submitted_at, false);
end
$$;
comment on function private.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'A submission sent by the student''s device, through private.record_submission: accepted, invalid_code, code_used, not_started (its code was never started) or exam_over.';
revoke all on function private.submit_exam(uuid, text, text, jsonb, integer, integer, timestamp with time zone, timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function private.submit_exam(uuid, text, text, jsonb, integer, integer, timestamp with time zone, timestamp with time zone) to service_role;
