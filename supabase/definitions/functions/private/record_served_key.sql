-- Every submission keeps the key it is scored against, so item analysis and key corrections still
-- work once the clean-up deleted the questions and snapshots (docs/product.md#retention). A
-- submission whose code has a snapshot comes from record_submission with its key (score_submission
-- read it through snapshot_key); any other insert (one without a snapshot, or the service role's
-- own) is keyed here through the same query, under the same regrade lock, and rescored when a key
-- correction applies; without a snapshot, by its exam's usable questions 1 to 50.
create or replace function private.record_served_key() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  snapshot record;
begin
  if new.served_key is null then
    perform pg_catalog.pg_advisory_xact_lock_shared(private.regrade_lock_key());
    snapshot := private.snapshot_key(new.login_code, new.answers);
    new.served_key := snapshot.key;
    if new.served_key is null then
      new.served_key := coalesce(
        (select jsonb_object_agg(q.question_number::text, q.correct_answer)
           from public.questions q
          where q.exam_id = new.exam_id and public.is_usable_mcq(q) and q.question_number between 1 and 50),
        '{}'::jsonb);
    elsif snapshot.corrected then
      new.score := private.score_against_key(new.answers, new.served_key);
    end if;
  end if;
  return new;
end
$$;
comment on function private.record_served_key() is
  'Keeps with a new submission the answer key it is scored against: its code''s snapshot, else its exam''s usable questions 1 to 50.';
revoke all on function private.record_served_key() from public, anon, authenticated, service_role;
