-- The mark of the current INSERT statement on questions: 'insert' from its start, 'upsert' once its
-- update part ran; cleared when it ends. Local to the transaction, so a failed statement's mark
-- goes with it.
create or replace function private.note_question_insert_statement() returns trigger
language plpgsql volatile set search_path = ''
as $$
begin
  perform set_config('holdfast.question_insert_statement', 'insert', true);
  return null;
end
$$;
revoke all on function private.note_question_insert_statement() from public, anon, authenticated, service_role;
