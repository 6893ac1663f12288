create or replace function private.record_question_updates() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  change record;
  changes jsonb;
  exam uuid;
  -- An update run by an INSERT statement is the ON CONFLICT DO UPDATE of an upsert: an import.
  imported boolean := coalesce(current_setting('holdfast.question_insert_statement', true), '') in ('insert', 'upsert');
begin
  if imported then
    perform set_config('holdfast.question_insert_statement', 'upsert', true);
    for exam in select distinct q.exam_id from updated q loop
      perform private.record_question_batch('questions_imported',
        array(select q.question_number from updated q where q.exam_id = exam),
        jsonb_build_object('replaced', true,
          'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer))
                     from updated q where q.exam_id = exam)),
        exam);
    end loop;
  end if;
  for change in
    select n.question_number as number, n.exam_id, to_jsonb(o) as old_row, to_jsonb(n) as new_row
      from updated n join previous o on o.id = n.id
     order by n.exam_id, n.question_number
  loop
    -- Every field that changed, as [old, new]: the correct answer among them is a key change.
    select coalesce(jsonb_object_agg(f.key, jsonb_build_array(change.old_row -> f.key, f.value)), '{}'::jsonb) into changes
      from jsonb_each(change.new_row) f
     where f.key not in ('id', 'created_at') and f.value is distinct from change.old_row -> f.key;
    if changes <> '{}'::jsonb then
      perform private.record_activity('question_changed', change.number::text, jsonb_build_object('changes', changes),
        change.exam_id);
    end if;
  end loop;
  return null;
end
$$;
comment on function private.record_question_updates() is
  'Records an update of questions, each row with its exam: a question_changed row (every changed field, old and new) per question changed; for an import (an upsert''s update part) one questions_imported row per exam with the replaced questions and their keys, and a question_changed row per question it changed (swapping the texts of two options changes the right answer as surely as a new letter).';
revoke all on function private.record_question_updates() from public, anon, authenticated, service_role;
