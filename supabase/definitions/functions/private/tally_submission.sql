create or replace function private.tally_submission(row_exam_id uuid, row_submitted_at timestamptz, row_id uuid, row_score integer,
                                                    row_question_count integer, sign integer)
returns void
language plpgsql volatile set search_path = ''
as $$
declare
  slot timestamptz := date_bin(interval '15 minutes', row_submitted_at, timestamptz '2000-01-01 00:00+00');
  slot_shard smallint := private.tally_shard(hashtext(row_id::text));
  passes integer := case when public.passes(row_score, row_question_count) then 1 else 0 end;
begin
  if sign > 0 then
    insert into public.submission_tallies as t (exam_id, bucket, shard, submissions, score_sum, question_sum, passed)
    values (row_exam_id, slot, slot_shard, 1, row_score, row_question_count, passes)
    on conflict (exam_id, bucket, shard) do update
      set submissions = t.submissions + 1, score_sum = t.score_sum + excluded.score_sum,
          question_sum = t.question_sum + excluded.question_sum, passed = t.passed + excluded.passed;
  else
    update public.submission_tallies t
       set submissions = t.submissions - 1, score_sum = t.score_sum - row_score,
           question_sum = t.question_sum - row_question_count, passed = t.passed - passes
     where t.exam_id = row_exam_id and t.bucket = slot and t.shard = slot_shard;
    delete from public.submission_tallies t
     where t.exam_id = row_exam_id and t.bucket = slot and t.shard = slot_shard and t.submissions = 0;
  end if;
end
$$;
comment on function private.tally_submission(uuid, timestamptz, uuid, integer, integer, integer) is
  'Adds (sign 1) or takes back (sign -1) one submission in its exam''s tally; a tally left empty goes.';
revoke all on function private.tally_submission(uuid, timestamp with time zone, uuid, integer, integer, integer) from public, anon, authenticated, service_role;
