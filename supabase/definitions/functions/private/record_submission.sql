-- A submission, from the student's device (submit_exam), an administrator's upload of its answer
-- file (recover_submission_from_file) or the server's copy of a silent attempt once its time is
-- over (submit_from_server_copies: from_server_copy, with when the copy was reported), in five steps, all or nothing: check_submission_arguments,
-- claim_login_code, counted_answers, score_submission, store_submission (each file says what it
-- decides, so a change to one rule replaces one step). Idempotent on submission_id: a device sends
-- until the server has it (docs/product.md#offline-answers-and-answer-files).
create or replace function private.record_submission(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz,
  recovered_from_file boolean,
  from_server_copy boolean default false,
  server_copy_saved_at timestamptz default null
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  stored_code text := private.stored_login_code(record_submission.code);
  name text := btrim(record_submission.student_name);
  refusal jsonb;
  claim record;
  counting record;
  scoring record;
begin
  refusal := private.check_submission_arguments(record_submission.submission_id, stored_code, name, record_submission.answers,
    record_submission.tab_switches, record_submission.time_taken, record_submission.started_at, record_submission.submitted_at);
  if refusal is not null then
    return refusal;
  end if;

  claim := private.claim_login_code(record_submission.submission_id, stored_code, name, record_submission.submitted_at,
    coalesce(record_submission.from_server_copy, false));
  if claim.answer is not null then
    return claim.answer;
  end if;

  -- The server's copy is the in-time copy itself, as an answer file is already checked against it:
  -- both count as sent.
  counting := private.counted_answers(record_submission.submission_id, stored_code, record_submission.answers,
    record_submission.recovered_from_file or coalesce(record_submission.from_server_copy, false),
    claim.first_start, claim.closes_at, claim.sent_at);
  scoring := private.score_submission(stored_code, counting.counted);

  return private.store_submission(
    submission_id => record_submission.submission_id,
    code => stored_code,
    student_name => name,
    counted_answers => counting.counted,
    late_check => counting.late_check,
    score => scoring.score,
    served => scoring.served,
    served_key => scoring.served_key,
    -- The most the code's devices ever reported: a new submission id takes nothing back.
    tab_switches => greatest(coalesce(record_submission.tab_switches, 0), claim.reported_tab_switches),
    first_start => claim.first_start,
    sent_at => claim.sent_at,
    -- The server submits a copy once the code's time closed; it was made in time, never late.
    arrived_late => now() > claim.closes_at and not coalesce(record_submission.from_server_copy, false),
    device_started_at => record_submission.started_at,
    device_time_taken => record_submission.time_taken,
    recovered_from_file => record_submission.recovered_from_file,
    from_server_copy => coalesce(record_submission.from_server_copy, false),
    server_copy_saved_at => record_submission.server_copy_saved_at,
    replaced_server_copy_at => claim.replaced_server_copy_at,
    -- A key shown with the replaced row stays shown with this one.
    solutions_shown_at => claim.replaced_solutions_shown_at);
end
$$;
comment on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz, boolean, boolean, timestamptz) is
  'Checks every argument, claims the code and stores the submission last, scored against the code''s snapshot (else the bank) with the questions its exam served, all or nothing. One made between the code''s first start and its deadline (2 minutes of grace on each side) is accepted however late it arrives; a late arrival once its solutions could be out (their release has come, or solutions were shown since the code''s first start) counts only the answers its attempt reported in time (late_check keeps what differs). A device''s or answer file''s submission made in time, under one of the code''s attempt ids, replaces the code''s submission from the server''s copy (replaced_server_copy_at); the server''s copy never replaces anything. invalid_code, code_used, not_started (the code has no recorded start: nothing changes) or exam_over. Idempotent on submission_id. Steps: check_submission_arguments, claim_login_code, counted_answers, score_submission, store_submission.';
revoke all on function private.record_submission(uuid, text, text, jsonb, integer, integer, timestamp with time zone, timestamp with time zone, boolean, boolean, timestamp with time zone) from public, anon, authenticated, service_role;
