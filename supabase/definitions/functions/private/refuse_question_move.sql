-- A question stays in the exam it was added to. Moved, it would take its served snapshots' key
-- out of reach of its exam's regrade (which rescores the submissions of the question's exam), out
-- of its exam's solutions release, and out of its exam's Activity (logged under the exam it went
-- to). Nothing in the admin screens moves one (an import's upsert matches on exam_id): a question
-- wanted in another exam is added to it, or its exam duplicated.
create or replace function private.refuse_question_move() returns trigger
language plpgsql set search_path = ''
as $$
begin
  raise exception 'a question cannot move to another exam: add it to that exam instead'
    using errcode = '42501';
end
$$;
comment on function private.refuse_question_move() is
  'Refuses an update that changes a question''s exam_id (42501), for every role: its snapshots, regrade, solutions release and activity stay its exam''s.';
revoke all on function private.refuse_question_move() from public, anon, authenticated, service_role;
