-- Detailed solutions (the answer key) wait until every attempt that could still be written is
-- over, whatever schedule it belongs to (issue 23; tests/integration/security-solutions-release.test.ts).
--
-- The release waited only for the submission's own schedule, or, with no active schedule, for
-- attempts started before the submission's claimed start: the first student to submit a blank
-- sheet (or an unused code with a backdated one) read the key while the room was still writing,
-- and a morning sitting's key opened while an afternoon sitting of the same questions was to come.
-- Now the solutions of a submission are held
--   - past the deadline (and its 2 minutes of grace) of every attempt without a submission
--     started in the last 24 hours;
--   - while a code never started could still start: with no active schedule one can start at
--     any moment, so the release is not known (null) while such a code exists; with one, codes
--     start only in the newest active window, its end moved by the code's extra minutes;
--   - until the end of every active schedule (or inactive one still to start) that starts
--     before the submission's solutions stop being shown (see solutions_release_at).
-- A code never started no longer lists the bank as its solutions: a real device always starts
-- before it submits, and the bank may hold another exam by then. Solutions come only from the
-- code's own snapshot, so the note of the bank's last change (migration 20261124004020) goes.

create or replace function private.solutions_release_at(sub public.submissions) returns timestamptz
language plpgsql stable set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  shown_for constant interval := interval '24 hours';
  unstarted_extra integer;
  last_window_end timestamptz;
  last_deadline timestamptz;
begin
  -- A started code keeps its first start's deadline (below); one never started may still start.
  select max(lc.extra_minutes) into unstarted_extra
    from public.login_codes lc
   where not lc.is_used
     and not exists (select 1 from public.exam_attempts a where a.login_code = lc.code);
  if unstarted_extra is not null and not exists (select 1 from public.active_exam_schedule()) then
    return null;
  end if;
  -- There is one question bank, and the clean-up deletes questions and snapshots only 24 hours
  -- after the last closed window; solutions are shown only within 24 hours of the submission. So
  -- any active schedule starting before then may serve these same questions (or become the one
  -- students take): until its end, moved by the extra time of a code that may still start, the
  -- key stays held. So does a sitting prepared inactive that is still to start: a teacher turns
  -- the afternoon's on after lunch.
  select max(es.end_time) into last_window_end
    from public.exam_schedule es
   where (es.is_active or es.start_time > now()) and es.start_time < sub.submitted_at + shown_for;
  -- A deadline is at most 6 hours after its start (180 minutes and 180 extra): 24 hours cover all.
  select max(a.deadline) into last_deadline
    from public.exam_attempts a
   where a.started_at > now() - shown_for
     and not exists (select 1 from public.submissions s where s.login_code = a.login_code);
  return greatest(
    last_window_end + make_interval(mins => coalesce(unstarted_extra, 0)),
    last_deadline,
    sub.submitted_at) + grace;
end
$$;
comment on function private.solutions_release_at(public.submissions) is
  'When every attempt that could still be written is over (migration 20261127000200): the deadline of every attempt without a submission started in the last 24 hours, the end of every active schedule (or inactive one still to start) starting within 24 hours of the submission moved by the largest extra time of a code never started, plus 2 minutes of grace; null (not known) while a code never started exists and no schedule is active.';

create or replace function private.lookup_result(code text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  found_code public.login_codes;
  sub public.submissions;
  within_day boolean;
  release_at timestamptz;
  released boolean;
begin
  select * into found_code from public.login_codes lc where lc.code = public.normalize_login_code(lookup_result.code);
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if found_code.created_at < now() - interval '7 days' then
    return jsonb_build_object('outcome', 'code_expired');
  end if;
  if not found_code.is_used then
    return jsonb_build_object('outcome', 'unused');
  end if;
  select * into sub from public.submissions s where s.login_code = found_code.code order by s.submitted_at desc limit 1;
  if not found then
    return jsonb_build_object('outcome', 'no_submission');
  end if;
  if sub.submitted_at < now() - interval '30 days' then
    return jsonb_build_object('outcome', 'result_expired');
  end if;
  -- The solutions are the exam the code was given, its snapshot: a code never started has none,
  -- and once the clean-up took a started code's, there is none to list (as after 24 hours).
  within_day := sub.submitted_at >= now() - interval '24 hours'
    and exists (select 1 from public.attempt_questions aq where aq.login_code = sub.login_code);
  release_at := private.solutions_release_at(sub);
  released := within_day and coalesce(now() >= release_at, false);
  return jsonb_build_object(
    'outcome', 'ok',
    'student_name', sub.student_name,
    'login_code', sub.login_code,
    'started_at', sub.started_at,
    'submitted_at', sub.submitted_at,
    'score', sub.score,
    'total', sub.question_count,
    'tab_switches', sub.tab_switches,
    'time_taken', sub.time_taken,
    'answers_fingerprint', sub.answers_fingerprint,
    'solutions_available', released,
    -- Held back for the rest of the room; the time they come, when it is known.
    'solutions_held', within_day and not released,
    'solutions_release_at', case when within_day and not released then release_at end,
    'solutions', case when released then (
      -- accepted: what the submission is scored against now (its served_key entry: the key it was
      -- given, or a key correction's letters, or * for a void question), so the page marks what the
      -- score counts (migration 20261124004100).
      select coalesce(jsonb_agg(jsonb_build_object(
               'question_number', aq.question_number, 'question_text', aq.question_text,
               'option_a', aq.option_a, 'option_b', aq.option_b, 'option_c', aq.option_c, 'option_d', aq.option_d,
               'correct_answer', aq.correct_answer,
               'accepted', k.accepted,
               'student_answer', sub.answers ->> aq.question_number::text,
               'is_correct', coalesce(private.key_accepts(k.accepted, sub.answers ->> aq.question_number::text), false))
             order by aq.question_number), '[]'::jsonb)
        from public.attempt_questions aq
        cross join lateral (select coalesce(sub.served_key ->> aq.question_number::text, aq.correct_answer) as accepted) k
       where aq.login_code = sub.login_code
    ) end);
end
$$;
comment on function private.lookup_result(text) is
  'The solutions page''s answer for a code as typed: every outcome of the spec; per-question solutions from the code''s snapshot only (a code never started lists none) within 24 hours of submission, once every attempt that could still be written is over (solutions_held until then, with solutions_release_at when that time is known), and while the snapshot is kept; each with the answers its score now accepts (accepted: letters, or * for a void question).';

drop trigger questions_note_bank_change on public.questions;
drop function private.note_question_bank_change();
drop table private.question_bank_changes;
