-- As in migration 20261124002040, the key read through snapshot_key (the same query): a
-- submission stored by record_submission comes with its key, any other insert is keyed here.
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
           from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50),
        '{}'::jsonb);
    elsif snapshot.corrected then
      new.score := private.score_against_key(new.answers, new.served_key);
    end if;
  end if;
  return new;
end
$$;
comment on function private.record_served_key() is
  'Keeps with a new submission the answer key it is scored against: its code''s snapshot, else the bank''s usable questions 1 to 50.';
revoke all on function private.record_served_key() from public, anon, authenticated, service_role;
