create or replace function public.submit_exam(
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
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address)
     and not exists (select 1 from public.submissions s where s.id = submit_exam.submission_id)
     and not private.proves_attempt(submit_exam.submission_id, submit_exam.code) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.submit_exam(submission_id, code, student_name, answers, tab_switches, time_taken, started_at, submitted_at);
  if answer ->> 'outcome' = 'invalid_code' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'Claims the code, scores from the stored answers and stores the submission, all or nothing. Idempotent on submission_id; rate_limited after too many invalid codes from this client or address, unless the submission is stored or its id is an attempt started with this code.';
revoke all on function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamp with time zone, timestamp with time zone) from public, anon, authenticated, service_role;
grant execute on function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamp with time zone, timestamp with time zone) to anon, authenticated, service_role;
