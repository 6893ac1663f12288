-- What a device writing an attempt is handed (exam_questions' answer, and resume_exam_attempt's on
-- a new device): the code's snapshot in the student's order, each question with its options' order
-- and never with its key, the exam's and the sitting's names, the time, the attempt's deadline and
-- the code's answer-file key, with the code as stored (the student may have typed O for 0), which
-- the device keeps: its answer file and its tag name the stored code.
create or replace function private.served_exam(
  login public.login_codes,
  exam public.exams,
  schedule public.exam_schedule,
  attempt public.exam_attempts
) returns jsonb
language plpgsql stable set search_path = ''
as $$
declare
  served jsonb;
begin
  select jsonb_agg(jsonb_build_object(
           'id', aq.question_id, 'question_number', aq.question_number, 'question_text', aq.question_text,
           'option_a', aq.option_a, 'option_b', aq.option_b, 'option_c', aq.option_c, 'option_d', aq.option_d,
           'option_order', aq.option_order)
         order by aq.position)
    into served
    from public.attempt_questions aq
   where aq.login_code = login.code;
  return jsonb_build_object(
    'outcome', 'ok',
    'login_code', login.code,
    'questions', served,
    'exam_name', exam.name,
    'sitting_name', schedule.exam_name,
    'duration_minutes', coalesce(schedule.duration_minutes, exam.default_duration_minutes),
    'extra_minutes', login.extra_minutes,
    'window_end', schedule.end_time,
    'deadline', attempt.deadline,
    'server_now', now(),
    'answer_file_key', encode(private.answer_file_key(login.code), 'hex'));
end
$$;
comment on function private.served_exam(public.login_codes, public.exams, public.exam_schedule, public.exam_attempts) is
  'The ok answer handing a device its attempt: the code as stored (login_code), the code''s snapshot in the student''s order (never with correct_answer), the exam''s and sitting''s names, duration, extra minutes, window end, the attempt''s deadline, the server''s time and the answer-file key.';
revoke all on function private.served_exam(public.login_codes, public.exams, public.exam_schedule, public.exam_attempts) from public, anon, authenticated, service_role;
