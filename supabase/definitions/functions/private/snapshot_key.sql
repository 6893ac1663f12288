-- The key a code's submission is scored against and keeps: its snapshot's letters, each replaced
-- by the latest key correction of its question (regrade_question; docs/product.md#scoring),
-- whether any was corrected, how many questions it served and how many of `answers` are its
-- letters (the score while nothing is corrected); a null key for a code without a snapshot. One
-- read of the snapshot, by score_submission and by the trigger that keys any other insert
-- (record_served_key), so both say the same.
create or replace function private.snapshot_key(
  login_code text,
  answers jsonb,
  out key jsonb,
  out corrected boolean,
  out served integer,
  out matching integer
)
language plpgsql stable set search_path = ''
as $$
begin
  select jsonb_object_agg(aq.question_number::text, coalesce(kc.accepted, aq.correct_answer)), bool_or(kc.accepted is not null),
         count(*), count(*) filter (where aq.correct_answer = snapshot_key.answers ->> aq.question_number::text)
    into key, corrected, served, matching
    from public.attempt_questions aq
    -- The latest correction of each question of this snapshot, read in one go rather than looked
    -- up once per question, which took about a third longer (bench/RESULTS.md).
    left join (select distinct on (c.question_id) c.question_id, c.accepted
                 from public.key_corrections c
                where c.question_id in (select q.question_id from public.attempt_questions q where q.login_code = snapshot_key.login_code)
                order by c.question_id, c.id desc) kc on kc.question_id = aq.question_id
   where aq.login_code = snapshot_key.login_code;
end
$$;
comment on function private.snapshot_key(text, jsonb) is
  'The answer key of a code''s snapshot (question number → letters, or * for a void question) with the latest key corrections, whether any applies, the questions served and how many of the answers match the snapshot''s letters; null key without a snapshot.';
revoke all on function private.snapshot_key(text, jsonb) from public, anon, authenticated, service_role;
