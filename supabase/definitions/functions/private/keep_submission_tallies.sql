-- Test Results' figures come from public.submission_tallies (count, score sum, questions served and
-- passes per exam, 15 minutes and shard, private.tally_submission), so no admin screen reads every
-- submission (docs/architecture.md#school-scale-the-limits-of-production-here-too). They count
-- only submissions that are not voided: voiding takes one out, restoring puts it back, and a
-- change of its exam, time or score moves it.
create or replace function private.keep_submission_tallies() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.voided_at is null then
    perform private.tally_submission(old.exam_id, old.submitted_at, old.id, old.score, old.question_count, -1);
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.voided_at is null then
    perform private.tally_submission(new.exam_id, new.submitted_at, new.id, new.score, new.question_count, 1);
  end if;
  return null;
end
$$;
comment on function private.keep_submission_tallies() is 'Keeps public.submission_tallies in step with the submissions that are not voided.';
revoke all on function private.keep_submission_tallies() from public, anon, authenticated, service_role;
