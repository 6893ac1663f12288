-- The results page's answer for a code as typed, in three steps: find_result (the submission, or
-- why there is none to show), solutions_availability (shown now, held back for the room, or
-- neither) and list_solutions. public.lookup_result adds the code-guessing limit, the void and
-- the mark of solutions shown (docs/product.md#results-and-solutions). The answer names the
-- submission's exam.
create or replace function private.lookup_result(code text) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  result record;
  solutions record;
begin
  result := private.find_result(lookup_result.code);
  if result.answer is not null then
    return result.answer;
  end if;
  solutions := private.solutions_availability(result.submission);
  return jsonb_build_object(
    'outcome', 'ok',
    'exam_name', (select e.name from public.exams e where e.id = (result.submission).exam_id),
    'student_name', (result.submission).student_name,
    'login_code', (result.submission).login_code,
    'started_at', (result.submission).started_at,
    'submitted_at', (result.submission).submitted_at,
    'score', (result.submission).score,
    'total', (result.submission).question_count,
    'tab_switches', (result.submission).tab_switches,
    'time_taken', (result.submission).time_taken,
    'answers_fingerprint', (result.submission).answers_fingerprint,
    'solutions_available', solutions.available,
    'solutions_held', solutions.held,
    'solutions_release_at', solutions.held_until,
    'solutions', case when solutions.available then private.list_solutions(result.submission) end)
    -- Only with the solutions: the page says until when they can be read.
    || case when solutions.available then jsonb_build_object('solutions_until', solutions.shown_until) else '{}'::jsonb end;
end
$$;
comment on function private.lookup_result(text) is
  'The solutions page''s answer for a code as typed: ok (with its exam''s name, exam_name), or invalid, code_expired, unused, no_submission or result_expired; per-question solutions from the code''s snapshot only (a code never started lists none) once every attempt that could still be written is over (solutions_held until then, with solutions_release_at when that time is known), for 24 hours from that release (solutions_until, given with them), and while the snapshot is kept; each with the answers its score now accepts (accepted: letters, or * for a void question) and the order the student saw the options in (option_order). Steps: find_result, solutions_availability, list_solutions.';
revoke all on function private.lookup_result(text) from public, anon, authenticated, service_role;
grant execute on function private.lookup_result(text) to service_role;
