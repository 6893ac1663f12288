-- When a submission's solutions may be shown: once every attempt of its exam that could still be
-- written is over, extra time included, so nobody still writing can read the key
-- (docs/product.md#results-and-solutions). They are then shown for 24 hours from that release
-- (private.solutions_availability), not from the submission: an early submitter in a week-long
-- window gets them once the window closed. Every sitting of the exam counts, not only this
-- submission's: an exam's sittings share its questions
-- (docs/architecture.md#deliberate-changes-from-the-original-brief). So does every exam with the
-- same questions (private.exams_sharing_questions: a duplicate run as a make-up writes this very
-- key). Another exam's codes, sittings and attempts write other questions: they neither hold nor
-- release these. Null when that moment cannot be known yet.
create or replace function private.solutions_release_at(sub public.submissions) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  family uuid[] := private.exams_sharing_questions(sub.exam_id);
  -- Of those, the ones a code may still start in: another exam archived starts nobody (exam_closed),
  -- so its leftover codes and old sittings hold nothing; the submission's own exam counts as ever.
  startable uuid[] := array(select e.id from public.exams e
                             where e.id = any (family) and (e.archived_at is null or e.id = sub.exam_id));
  grace constant interval := interval '2 minutes';
  shown_for constant interval := interval '24 hours';
  unstarted_extra integer;
  window_end timestamptz;
  last_deadline timestamptz;
  release timestamptz;
begin
  -- A started code keeps its first start's deadline (below); one never started may still start.
  select max(lc.extra_minutes) into unstarted_extra
    from public.login_codes lc
   where lc.exam_id = any (startable)
     and not lc.is_used
     and not exists (select 1 from public.exam_attempts a where a.login_code = lc.code);
  -- Such a code of an exam without an active sitting may start at any moment.
  if exists (select 1 from public.login_codes lc
              where lc.exam_id = any (startable)
                and not lc.is_used
                and not exists (select 1 from public.exam_attempts a where a.login_code = lc.code)
                and not exists (select 1 from public.exam_schedule es where es.exam_id = lc.exam_id and es.is_active)) then
    return null;
  end if;
  -- A deadline is at most 6 hours after its start (180 minutes and 180 extra): 24 hours cover all.
  -- A code whose only submission is the server's copy (not voided) is not done: its device's own
  -- submission made in time replaces it (private.claim_login_code), and extra time given since
  -- may have moved that time on.
  select max(a.deadline) into last_deadline
    from public.exam_attempts a
   where a.exam_id = any (family)
     and a.started_at > now() - shown_for
     and not exists (select 1 from public.submissions s
                      where s.login_code = a.login_code and not (s.from_server_copy and s.voided_at is null));
  release := greatest(last_deadline, sub.submitted_at);
  -- The solutions are shown for 24 hours from the release, and the clean-up keeps the questions
  -- until then (private.apply_retention). So any active sitting of the exam starting before the
  -- release plus those 24 hours may serve these same questions: until its end, moved by the extra
  -- time of a code that may still start, the key stays held. So does a sitting prepared inactive
  -- that is not over yet: a teacher turns the afternoon's on after lunch, maybe a few minutes after
  -- its start. A sitting held for moves the release, and so the 24 hours, on: sittings starting in
  -- the new 24 hours are taken in turn, until none moves it further (each round takes at least one
  -- more sitting, so it ends).
  loop
    select max(es.end_time) + make_interval(mins => coalesce(unstarted_extra, 0)) into window_end
      from public.exam_schedule es
     where es.exam_id = any (startable)
       and (es.is_active or es.end_time > now()) and es.start_time < release + grace + shown_for;
    exit when window_end is null or window_end <= release;
    release := window_end;
  end loop;
  return release + grace;
end
$$;
comment on function private.solutions_release_at(public.submissions) is
  'When every attempt of the submission''s exam (and of every exam with the same questions, private.exams_sharing_questions) that could still be written is over: the deadline of every attempt of the exam without a submission (or with only one from the server''s copy, which its device may replace) started in the last 24 hours, the end of every active sitting of the exam (or inactive one not over yet) starting before 24 hours after the release (the solutions'' 24 hours: a sitting held for moves the release on) moved by the largest extra time of the exam''s codes never started, plus 2 minutes of grace; null (not known) while the exam has a code never started and no active sitting.';
revoke all on function private.solutions_release_at(public.submissions) from public, anon, authenticated, service_role;
