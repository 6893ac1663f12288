create or replace function private.refuse_attempt(attempt_id uuid, code text, refusal text) returns jsonb
language plpgsql volatile set search_path = ''
as $$
begin
  -- Only the attempt of this very code: a submission under another code's attempt id marks nothing.
  update public.exam_attempts a
     set state = 'refused', refusal = refuse_attempt.refusal
   where a.id = refuse_attempt.attempt_id and a.login_code = refuse_attempt.code and a.state <> 'received';
  return jsonb_build_object('outcome', refuse_attempt.refusal);
end
$$;
comment on function private.refuse_attempt(uuid, text, text) is
  'Marks the attempt whose submission record_submission refuses (its id, its code) refused with the reason, unless its code''s submission is in; answers the refusal as record_submission''s outcome.';
revoke all on function private.refuse_attempt(uuid, text, text) from public, anon, authenticated, service_role;
