create or replace function public.exam_questions(code text, attempt_id uuid default null, student_name text default null) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) and not private.proves_attempt(attempt_id, code) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.exam_questions(code, attempt_id, student_name);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.exam_questions(text, uuid, text) is 'The usable MCQ questions, never with correct_answer, for an unused code while the exam window is open and no other device is writing it (else in_progress_elsewhere), with the code as stored (login_code: a code is matched by its key, O as 0, I and L as 1), the server''s deadline and the answer-file key; records the start of the attempt. rate_limited after too many invalid codes from this client or address, unless attempt_id is an attempt already started with this code.';
revoke all on function public.exam_questions(text, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.exam_questions(text, uuid, text) to anon, authenticated, service_role;
