-- As in migration 20261124002030, and a submission whose snapshot holds a corrected question is
-- keyed and scored with the correction.
create or replace function private.record_served_key() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  corrected boolean;
begin
  if new.served_key is null then
    perform pg_catalog.pg_advisory_xact_lock_shared(private.regrade_lock_key());
    select jsonb_object_agg(aq.question_number::text, coalesce(kc.accepted, aq.correct_answer)), bool_or(kc.accepted is not null)
      into new.served_key, corrected
      from public.attempt_questions aq
      left join lateral (select c.accepted from public.key_corrections c where c.question_id = aq.question_id
                          order by c.id desc limit 1) kc on true
     where aq.login_code = new.login_code;
    if new.served_key is null then
      new.served_key := coalesce(
        (select jsonb_object_agg(q.question_number::text, q.correct_answer)
           from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50),
        '{}'::jsonb);
    elsif corrected then
      new.score := private.score_against_key(new.answers, new.served_key);
    end if;
  end if;
  return new;
end
$$;
comment on function private.record_served_key() is
  'Keeps with a new submission the answer key it is scored against: its code''s snapshot, else the bank''s usable questions 1 to 50.';
revoke all on function private.record_served_key() from public, anon, authenticated, service_role;
