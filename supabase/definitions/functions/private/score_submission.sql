-- record_submission's fourth step: the score, against the exam the code was given at its first
-- start (its snapshot: the questions it served and their key, with key corrections), whatever the
-- bank holds now (docs/product.md#scoring, #taking-the-exam), under the regrade lock a stored
-- submission holds shared, so a regrade running now sees this submission or this submission sees
-- its correction. The key is answered for the submission to keep (served_key). A code without a
-- snapshot (an attempt recorded before snapshots were taken, or a snapshot deleted with the
-- questions, docs/product.md#retention) is scored against its exam's questions as they are now
-- (never another exam's), out of its first attempt's question count, and its key is left to
-- record_served_key.
create or replace function private.score_submission(
  code text,
  answers jsonb,
  out score integer,
  out served integer,
  out served_key jsonb
)
language plpgsql volatile set search_path = ''
as $$
declare
  snapshot record;
begin
  perform pg_catalog.pg_advisory_xact_lock_shared(private.regrade_lock_key());
  snapshot := private.snapshot_key(score_submission.code, score_submission.answers);
  if snapshot.key is not null then
    served_key := snapshot.key;
    served := snapshot.served;
    score := case when snapshot.corrected then private.score_against_key(score_submission.answers, snapshot.key)
                  else snapshot.matching end;
    return;
  end if;
  select a.question_count into served
    from public.exam_attempts a where a.login_code = score_submission.code order by a.started_at limit 1;
  select count(*) into score from jsonb_each_text(score_submission.answers) a
    join public.login_codes lc on lc.code = score_submission.code
    join public.questions q on q.exam_id = lc.exam_id and q.question_number = a.key::integer
   where q.correct_answer = a.value;
end
$$;
comment on function private.score_submission(text, jsonb) is
  'record_submission''s fourth step: the score of the answers that count and the questions served, from the code''s snapshot with key corrections (and the key, as served_key), else against its exam''s questions with its first attempt''s question count (served_key null).';
revoke all on function private.score_submission(text, jsonb) from public, anon, authenticated, service_role;
