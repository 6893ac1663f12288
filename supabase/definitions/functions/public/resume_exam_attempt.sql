-- The new device's call when the code step is told in_progress_elsewhere and the student types the
-- proctor's resume PIN (private.resume_exam_attempt). A wrong PIN counts as a failed code guess of
-- the address and the browser, as an unknown code does: a PIN is 6 digits, so the guessing limit
-- (and the PIN spent after 5 wrong tries, and its 10 minutes) keep a classmate from finding it.
-- The same attempt asking again proves itself and is never refused by the limit.
create or replace function public.resume_exam_attempt(code text, pin text, attempt_id uuid) returns jsonb
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
  answer := private.resume_exam_attempt(code, pin, attempt_id);
  if answer ->> 'outcome' in ('invalid', 'wrong_pin') then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.resume_exam_attempt(text, text, uuid) is
  'Resumes the code''s attempt in progress on another device, on this device (attempt_id), with the proctor''s resume PIN (6 digits; spaces ignored): ok with everything exam_questions answers, student_name and restored {answers, flags, saved_at}; wrong_pin, invalid, used, time_over, not_in_progress, or rate_limited after too many invalid codes or PINs from this client or address (never for the same attempt asking again).';
revoke all on function public.resume_exam_attempt(text, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.resume_exam_attempt(text, text, uuid) to anon, authenticated, service_role;
