-- The activity log tells an import from a change by what the statement did, never by a request
-- header (docs/architecture.md#after-the-exam-activity-log-voids-export-item-analysis-key-corrections):
-- this BEFORE INSERT statement trigger marks the statement 'insert'; record_question_updates
-- turns the mark to 'upsert' when the statement's ON CONFLICT DO UPDATE runs, and
-- record_question_inserts reads and clears it when the statement ends. Local to the transaction,
-- so a failed statement's mark goes with it.
create or replace function private.note_question_insert_statement() returns trigger
language plpgsql volatile set search_path = ''
as $$
begin
  perform set_config('holdfast.question_insert_statement', 'insert', true);
  return null;
end
$$;
revoke all on function private.note_question_insert_statement() from public, anon, authenticated, service_role;
