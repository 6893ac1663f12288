create or replace trigger questions_record_inserts
  after insert on public.questions referencing new table as inserted
  for each statement execute function private.record_question_inserts();

create or replace trigger questions_record_updates
  after update on public.questions referencing old table as previous new table as updated
  for each statement execute function private.record_question_updates();

create or replace trigger questions_record_deletes
  after delete on public.questions referencing old table as deleted
  for each statement execute function private.record_question_deletes();

create or replace trigger questions_note_insert_statement
  before insert on public.questions
  for each statement execute function private.note_question_insert_statement();

create or replace trigger questions_keep_exam_category
  before insert or update on public.questions
  for each row execute function private.keep_exam_category();

create or replace trigger questions_refuse_move
  before update of exam_id on public.questions
  for each row when (new.exam_id is distinct from old.exam_id)
  execute function private.refuse_question_move();
