create or replace function private.record_question_deletes() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  -- "all": the statement left the bank empty (Delete All, or the retention job after an exam).
  perform private.record_question_batch('questions_deleted', array(select q.question_number from deleted q),
    jsonb_build_object('all', not exists (select 1 from public.questions),
      'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer)) from deleted q)));
  return null;
end
$$;
comment on function private.record_question_deletes() is
  'Records questions deleted by one statement, each with the key it had.';
revoke all on function private.record_question_deletes() from public, anon, authenticated, service_role;
