-- The solutions page shows an answer-key correction (issue 15).
--
-- A key correction that accepts several answers ('BC') or voids a question ('*') rescored the
-- submissions (migration 20261124002040) but left the snapshot's one original letter in place, so
-- the solutions page called a student's now-accepted answer wrong while the score counted it.
-- Each solution now also carries accepted: the submission's own served_key entry for the question
-- (what its score is counted against: the key it was given, or the correction that reached it;
-- the snapshot's or bank's letter for a submission from before served_key), and is_correct is
-- private.key_accepts of it, as the score (a void question is correct for everyone, answered or
-- not). correct_answer stays the snapshot's letter. Nothing comes from the device. As in migration
-- 20261124004020 otherwise; public.lookup_result (migration 20261124002040) is unchanged.

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
  -- The solutions are the exam the code was given: once the clean-up took a started code's
  -- snapshot, there is none to list (the bank may hold the next exam by then), as after 24 hours;
  -- a code never started was scored against the bank as it was when its submission arrived, so
  -- the bank is listed only while it has not changed since (migration 20261124004020).
  within_day := sub.submitted_at >= now() - interval '24 hours'
    and (exists (select 1 from public.attempt_questions aq where aq.login_code = sub.login_code)
         or (not exists (select 1 from public.exam_attempts a where a.login_code = sub.login_code)
             and (select b.changed_at from private.question_bank_changes b) <= sub.received_at));
  release_at := private.solutions_release_at(sub);
  released := within_day and now() >= release_at;
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
    -- Set while the solutions are still held back for the rest of the room.
    'solutions_release_at', case when within_day and not released then release_at end,
    'solutions', case when released then (
      -- The exam the code was given (its snapshot) in question order; without one, the bank as before.
      -- accepted: what the submission is scored against now (its served_key entry: the key it was
      -- given, or a key correction's letters, or * for a void question), so the page marks what the
      -- score counts (migration 20261124004100).
      select coalesce(jsonb_agg(jsonb_build_object(
               'question_number', q.question_number, 'question_text', q.question_text,
               'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d,
               'correct_answer', q.correct_answer,
               'accepted', k.accepted,
               'student_answer', sub.answers ->> q.question_number::text,
               'is_correct', coalesce(private.key_accepts(k.accepted, sub.answers ->> q.question_number::text), false))
             order by q.question_number), '[]'::jsonb)
        from (select aq.question_number, aq.question_text, aq.option_a, aq.option_b, aq.option_c, aq.option_d, aq.correct_answer
                from public.attempt_questions aq
               where aq.login_code = sub.login_code
              union all
              select bq.question_number, bq.question_text, bq.option_a, bq.option_b, bq.option_c, bq.option_d, bq.correct_answer
                from public.questions bq
               where public.is_usable_mcq(bq) and bq.question_number between 1 and 50
                 and not exists (select 1 from public.attempt_questions aq where aq.login_code = sub.login_code)) q
        cross join lateral (select coalesce(sub.served_key ->> q.question_number::text, q.correct_answer) as accepted) k
    ) end);
end
$$;
comment on function private.lookup_result(text) is
  'The solutions page''s answer for a code as typed: every outcome of the spec; per-question solutions from the code''s snapshot (for a code never started, the bank while unchanged since its submission arrived) only within 24 hours of submission, once the exam is over for everyone, and while a started code''s snapshot is kept; each with the answers its score now accepts (accepted: letters, or * for a void question).';
