-- The activity log (migration 20261124002000) told an import from a change by the request's
-- Prefer header alone (resolution=merge-duplicates, private.request_is_upsert), and recorded an
-- import's replaced questions as one row without what changed in them. So a key change made in an
-- import, or an ordinary change sent with that header (any administrator's PATCH can carry it),
-- left no "question_changed" row: the log could not say that an answer key changed, or from what
-- to what (found by the security review, tests/integration/security-fair-room.test.ts).
--
-- Now, whatever the request's headers, every question whose correct answer an update changed gets
-- its own question_changed row with all its changed fields, as a change sent without the header
-- does; an import still records its replaced questions as one questions_imported row beside them.
-- As in migration 20261124002000 otherwise.

create or replace function private.record_question_updates() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  change record;
  changes jsonb;
  imported boolean := private.request_is_upsert();
begin
  if imported then
    perform private.record_question_batch('questions_imported', array(select q.question_number from updated q), '{"replaced": true}');
  end if;
  for change in
    select n.question_number as number, to_jsonb(o) as old_row, to_jsonb(n) as new_row
      from updated n join previous o on o.id = n.id
     where not imported or n.correct_answer is distinct from o.correct_answer
     order by n.question_number
  loop
    -- Every field that changed, as [old, new]: the correct answer among them is a key change.
    select coalesce(jsonb_object_agg(f.key, jsonb_build_array(change.old_row -> f.key, f.value)), '{}'::jsonb) into changes
      from jsonb_each(change.new_row) f
     where f.key not in ('id', 'created_at') and f.value is distinct from change.old_row -> f.key;
    if changes <> '{}'::jsonb then
      perform private.record_activity('question_changed', change.number::text, jsonb_build_object('changes', changes));
    end if;
  end loop;
  return null;
end
$$;
comment on function private.record_question_updates() is
  'Records an update of questions: a question_changed row (every changed field, old and new) per question changed, or for an import one questions_imported row with the replaced questions and a question_changed row per question whose correct answer it changed.';
