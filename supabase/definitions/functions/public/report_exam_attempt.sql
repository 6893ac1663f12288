create or replace function public.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz,
  storage_persistent boolean default null,
  answers jsonb default null,
  flags jsonb default null
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
  -- A report naming an attempt with its own code guesses nothing: a classmate's scan from the
  -- same address must not cut a writing student off (docs/security.md#the-code-guessing-limit).
  if private.code_guessing_limited(address)
     and not exists (select 1 from public.exam_attempts a
                      where a.id = report_exam_attempt.attempt_id
                        and a.login_code = private.stored_login_code(report_exam_attempt.code)) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.report_exam_attempt(attempt_id, code, answered_count, tab_switches, state, online, reported_at,
                                        storage_persistent, answers, flags);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb, jsonb) is
  'A student device''s progress report on its attempt, with its answers and flags (never answered back): ok with the server''s deadline, invalid, exam_closed, moved (with moved_at: the attempt continues on another device), or rate_limited after too many invalid codes from this client or address (never for a report naming an existing attempt with its code).';
revoke all on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamp with time zone, boolean, jsonb, jsonb) from public, anon, authenticated, service_role;
grant execute on function public.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamp with time zone, boolean, jsonb, jsonb) to anon, authenticated, service_role;
