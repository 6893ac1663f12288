create or replace function private.record_question_inserts() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  imported boolean := coalesce(current_setting('holdfast.question_insert_statement', true), '') = 'upsert';
  exam uuid;
begin
  perform set_config('holdfast.question_insert_statement', '', true);
  for exam in select distinct q.exam_id from inserted q loop
    perform private.record_question_batch(
      case when imported then 'questions_imported' else 'questions_added' end,
      array(select q.question_number from inserted q where q.exam_id = exam),
      jsonb_build_object('replaced', false,
        'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer))
                   from inserted q where q.exam_id = exam)),
      exam);
  end loop;
  return null;
end
$$;
comment on function private.record_question_inserts() is
  'Records questions inserted by one statement, each with its key, one row per exam: questions_imported when the statement was an upsert (its update part ran), else questions_added.';
revoke all on function private.record_question_inserts() from public, anon, authenticated, service_role;
