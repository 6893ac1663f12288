-- lookup_result's first step: the code as typed, and its latest submission, or why there is no
-- result to show: an unknown code, one made more than 7 days ago (a code opens the results page
-- for 7 days, docs/product.md#login-codes), one never used, one with no submission, or a result
-- submitted more than 30 days ago (docs/product.md#retention).
create or replace function private.find_result(code text, out answer jsonb, out submission public.submissions)
language plpgsql stable set search_path = ''
as $$
declare
  found_code public.login_codes;
begin
  select * into found_code from public.login_codes lc where lc.code = private.stored_login_code(find_result.code);
  if not found then
    answer := jsonb_build_object('outcome', 'invalid');
  elsif found_code.created_at < now() - interval '7 days' then
    answer := jsonb_build_object('outcome', 'code_expired');
  elsif not found_code.is_used then
    answer := jsonb_build_object('outcome', 'unused');
  else
    select * into submission from public.submissions s where s.login_code = found_code.code order by s.submitted_at desc limit 1;
    if not found then
      answer := jsonb_build_object('outcome', 'no_submission');
    elsif submission.submitted_at < now() - interval '30 days' then
      answer := jsonb_build_object('outcome', 'result_expired');
    end if;
  end if;
end
$$;
comment on function private.find_result(text) is
  'lookup_result''s first step: the latest submission of a code as typed, or the outcome when there is none to show (invalid, code_expired, unused, no_submission, result_expired).';
revoke all on function private.find_result(text) from public, anon, authenticated, service_role;
