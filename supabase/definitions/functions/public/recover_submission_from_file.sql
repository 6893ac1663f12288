-- An administrator's upload of a student's emergency answer file, in the Proctor Room
-- (docs/product.md#offline-answers-and-answer-files). The tag's key is on the student's device, so
-- it proves only that the file is well formed and made for its code, never that nobody edited it;
-- so the file's answers are compared with the copy its attempt reported in time: only the matching
-- ones are recorded, the rest are kept in recovery_check and answered back for the Proctor Room to
-- name. The file is stored through record_submission, as the device's submission would be. A
-- file whose attempt never reported answers in time is refused (not_reported): nothing in it can
-- be checked, and storing it would claim the code and shut out the device's own submission when
-- it arrives. The file's code is matched by its key like a typed one (private.stored_login_code).
create or replace function public.recover_submission_from_file(file jsonb) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  file_code text;
  submission_id uuid;
  already_received boolean;
  attempt public.exam_attempts;
  file_answers jsonb;
  counted_answers jsonb;
  file_check jsonb;
  recorded integer;
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  if not (select public.is_admin()) then
    raise exception 'only administrators can recover submissions from answer files' using errcode = '42501';
  end if;
  if not private.is_answer_file(file) then
    return jsonb_build_object('outcome', 'malformed');
  end if;
  file_code := private.stored_login_code(file ->> 'login_code');
  if not exists (select 1 from public.login_codes lc where lc.code = file_code) then
    return jsonb_build_object('outcome', 'unknown_code');
  end if;
  if private.answer_file_tag(file) is distinct from file ->> 'tag' then
    return jsonb_build_object('outcome', 'bad_tag');
  end if;
  submission_id := (file ->> 'submission_id')::uuid;
  file_answers := file -> 'answers';
  already_received := exists (select 1 from public.submissions s where s.id = submission_id);

  if not already_received then
    select a.* into attempt from public.exam_attempts a
     where a.id = submission_id and a.login_code = file_code;
    -- A code never started cannot submit at all (record_submission answers not_started): say so,
    -- not that its device never reported.
    if not found and not exists (select 1 from public.exam_attempts a where a.login_code = file_code) then
      return jsonb_build_object('outcome', 'not_started');
    end if;
    if attempt.reported_answers is null then
      return jsonb_build_object('outcome', 'not_reported');
    end if;
    select coalesce(jsonb_object_agg(f.key, f.value), '{}'::jsonb) into counted_answers
      from jsonb_each(file_answers) f
     where attempt.reported_answers -> f.key = f.value;
    file_check := jsonb_build_object(
      'reported_at', attempt.reported_answers_at,
      'received_at', attempt.reported_answers_received_at,
      'file_answers', (select count(*) from jsonb_object_keys(file_answers)),
      'counted', (select count(*) from jsonb_object_keys(counted_answers)),
      'differences', coalesce((
        select jsonb_agg(jsonb_build_object('question', q.question::integer,
                                            'reported', attempt.reported_answers ->> q.question,
                                            'file', file_answers ->> q.question)
                         order by q.question::integer)
          from (select jsonb_object_keys(file_answers) as question
                union select jsonb_object_keys(attempt.reported_answers)) q
         where (attempt.reported_answers -> q.question) is distinct from (file_answers -> q.question)), '[]'::jsonb));
  end if;

  answer := private.record_submission(
    submission_id,
    file_code,
    file ->> 'student_name',
    coalesce(counted_answers, file_answers),
    (file ->> 'tab_switches')::integer,
    (file ->> 'time_taken')::integer,
    (file ->> 'started_at')::timestamptz,
    (file ->> 'submitted_at')::timestamptz,
    true);
  if answer ->> 'outcome' is distinct from 'accepted' then
    return answer;
  end if;
  if not already_received then
    -- Only the submission this call stored: one the device sent meanwhile keeps no check.
    update public.submissions s set recovery_check = file_check
     where s.id = submission_id and s.recovered_from_file and s.recovery_check is null;
    get diagnostics recorded = row_count;
    already_received := recorded = 0;
  end if;
  return answer || jsonb_build_object(
    'already_received', already_received,
    'check', (select s.recovery_check from public.submissions s where s.id = submission_id));
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.recover_submission_from_file(jsonb) is
  'Administrators only: verifies an emergency answer file''s tag, counts only its answers that match what its attempt reported by the deadline plus 2 minutes of grace, and records them through the same idempotent path as submit_exam, marked recovered_from_file, keeping what differed in recovery_check. accepted with check (already_received when it was in before, changing nothing), malformed, unknown_code, bad_tag, not_reported (the attempt never reported its answers in time), not_started (the code never started), code_used or exam_over.';
revoke all on function public.recover_submission_from_file(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.recover_submission_from_file(jsonb) to authenticated, service_role;
