create or replace function public.check_login_code(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.check_login_code(code);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.check_login_code(text) is 'The status of a login code as typed (matched by its key: O as 0, I and L as 1), with the code as stored (login_code) when it exists: {"outcome": valid | used | invalid | in_progress_elsewhere (a device is writing it now) | exam_closed (as exam_questions would refuse its start: its exam archived, its sitting''s window, moved by the code''s extra minutes, not open, or a key of its exam shown before a first start after the end)}, with "exam": {"name", "sitting"} (the sitting it would start in, or null) for an unused code; {"outcome": "rate_limited"} after too many invalid codes from this client or address.';
revoke all on function public.check_login_code(text) from public, anon, authenticated, service_role;
grant execute on function public.check_login_code(text) to anon, authenticated, service_role;
