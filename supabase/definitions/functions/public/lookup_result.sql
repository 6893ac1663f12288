-- The results page (/solutions) for a code as typed: private.lookup_result's answer behind the
-- code-guessing limit (docs/security.md#the-code-guessing-limit), withdrawn for a voided
-- submission, regraded_from (the score before) for a regraded one. The moment the solutions are
-- first shown is kept on the submission before they leave, because a key once shown stays out
-- whatever the release computed later says (late arrivals and extra time depend on it,
-- docs/architecture.md#security-model). A call that cannot write it (a read-only transaction:
-- PostgREST's GET and HEAD) is refused before anything is read, and the write failing would
-- refuse the whole answer, so nobody reads a key without leaving the mark.
create or replace function public.lookup_result(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  sub public.submissions;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.lookup_result(code);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  if answer ->> 'outcome' = 'ok' then
    select * into sub from public.submissions s where s.login_code = answer ->> 'login_code' order by s.submitted_at desc limit 1;
    if sub.voided_at is not null then
      return jsonb_build_object('outcome', 'withdrawn');
    end if;
    if answer -> 'solutions_available' = 'true'::jsonb and sub.solutions_shown_at is null then
      update public.submissions s set solutions_shown_at = now() where s.id = sub.id and s.solutions_shown_at is null;
    end if;
    if sub.score_before_regrade is not null then
      return answer || jsonb_build_object('regraded_from', sub.score_before_regrade);
    end if;
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.lookup_result(text) is 'The solutions page: ok, invalid, code_expired, unused, no_submission or result_expired, withdrawn for a voided submission, regraded_from (the score before) for a regraded one, per-question solutions only once the exam is over for everyone and for 24 hours from then (solutions_until), the moment they are first shown kept in submissions.solutions_shown_at; rate_limited after too many invalid codes from this client or address.';
revoke all on function public.lookup_result(text) from public, anon, authenticated, service_role;
grant execute on function public.lookup_result(text) to anon, authenticated, service_role;
