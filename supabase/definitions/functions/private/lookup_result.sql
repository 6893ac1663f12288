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
revoke all on function private.lookup_result(text) from public, anon, authenticated, service_role;
grant execute on function private.lookup_result(text) to service_role;
