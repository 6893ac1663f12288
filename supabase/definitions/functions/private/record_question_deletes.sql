create or replace function private.record_question_deletes() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  exam uuid;
begin
  for exam in select distinct q.exam_id from deleted q loop
    -- "all": the statement left the exam's bank empty (Delete All, or the retention job after its
    -- last sitting).
    perform private.record_question_batch('questions_deleted',
      array(select q.question_number from deleted q where q.exam_id = exam),
      jsonb_build_object('all', not exists (select 1 from public.questions q where q.exam_id = exam),
        'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer))
                   from deleted q where q.exam_id = exam)),
      exam);
  end loop;
  return null;
end
$$;
comment on function private.record_question_deletes() is
  'Records questions deleted by one statement, each with the key it had: one row per exam.';
revoke all on function private.record_question_deletes() from public, anon, authenticated, service_role;
