-- record_submission's last step: every attempt of the code is over (the proctor sees the
-- submission received, with the answers counted and the most tab switches ever reported), and the
-- submission is the step's last statement. Every value was checked before, so nothing the caller
-- sent can make this insert fail, and the score is never in an error (one from elsewhere, such as
-- a unique key, also leaves without its detail: private.raise_without_detail in the callers).
-- What it stores about time comes from the server: time taken from the recorded start to the
-- arrival when it came in time (to the device's stamp only for a late arrival); the device's
-- claims are kept beside (a submission from the server's copy was made when the time ran out, its
-- sent_at). An attempt moved to another device stays moved unless it is the one submitting: the
-- Proctor Room keeps showing the move. The submission belongs to its code's exam, so its results, ranking and
-- analysis are that exam's.
create or replace function private.store_submission(
  submission_id uuid,
  code text,
  student_name text,
  counted_answers jsonb,
  late_check jsonb,
  score integer,
  served integer,
  served_key jsonb,
  tab_switches integer,
  first_start timestamptz,
  sent_at timestamptz,
  arrived_late boolean,
  device_started_at timestamptz,
  device_time_taken integer,
  recovered_from_file boolean,
  from_server_copy boolean default false,
  server_copy_saved_at timestamptz default null,
  replaced_server_copy_at timestamptz default null,
  solutions_shown_at timestamptz default null
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  stored public.submissions;
begin
  update public.exam_attempts a
     set state = case when a.state = 'moved' and a.id <> store_submission.submission_id then 'moved' else 'received' end,
         answered_count = least(a.question_count, (select count(*) from jsonb_object_keys(store_submission.counted_answers))),
         tab_switches = greatest(a.tab_switches, store_submission.tab_switches)
   where a.login_code = store_submission.code;

  insert into public.submissions
    (id, exam_id, student_name, login_code, answers, answers_fingerprint, score, question_count, tab_switches, time_taken,
     started_at, submitted_at, device_started_at, device_time_taken, recovered_from_file, arrived_late, late_check, served_key,
     from_server_copy, server_copy_saved_at, replaced_server_copy_at, solutions_shown_at)
  values (
    store_submission.submission_id,
    (select lc.exam_id from public.login_codes lc where lc.code = store_submission.code),
    store_submission.student_name,
    store_submission.code,
    store_submission.counted_answers,
    public.answers_fingerprint(store_submission.counted_answers),
    store_submission.score,
    -- At most the 50 an exam serves, and never below the score (a question changed after the
    -- start), so no percentage passes 100.
    greatest(1, store_submission.score, least(50, store_submission.served)),
    store_submission.tab_switches,
    least(86400, greatest(0, floor(extract(epoch from
      case when store_submission.arrived_late or store_submission.from_server_copy then store_submission.sent_at else now() end
      - store_submission.first_start))))::integer,
    store_submission.first_start,
    store_submission.sent_at,
    store_submission.device_started_at,
    store_submission.device_time_taken,
    coalesce(store_submission.recovered_from_file, false),
    store_submission.arrived_late,
    store_submission.late_check,
    store_submission.served_key,
    coalesce(store_submission.from_server_copy, false),
    store_submission.server_copy_saved_at,
    store_submission.replaced_server_copy_at,
    store_submission.solutions_shown_at)
  returning * into stored;

  return public.submission_receipt(stored);
end
$$;
comment on function private.store_submission(uuid, text, text, jsonb, jsonb, integer, integer, jsonb, integer, timestamptz, timestamptz, boolean, timestamptz, integer, boolean, boolean, timestamptz, timestamptz, timestamptz) is
  'record_submission''s last step: marks every attempt of the code received (a moved one stays moved unless it is the one submitting) and stores the submission (from the server''s copy or replacing one, when so, keeping when the replaced one''s solutions were first shown), in its code''s exam, as the last statement, answering its receipt.';
revoke all on function private.store_submission(uuid, text, text, jsonb, jsonb, integer, integer, jsonb, integer, timestamp with time zone, timestamp with time zone, boolean, timestamp with time zone, integer, boolean, boolean, timestamp with time zone, timestamp with time zone, timestamp with time zone) from public, anon, authenticated, service_role;
