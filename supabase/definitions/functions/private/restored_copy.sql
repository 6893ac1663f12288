-- What a device resuming an attempt restores from the server: the student's name and the copy the
-- attempt holds (answers by question number and original letter, flagged questions, when the
-- device reported them). The student's own answers only: nothing about the key or a score.
create or replace function private.restored_copy(attempt public.exam_attempts) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'student_name', attempt.student_name,
    'restored', jsonb_build_object(
      'answers', coalesce(attempt.reported_answers, '{}'::jsonb),
      'flags', coalesce(attempt.reported_flags, '[]'::jsonb),
      'saved_at', attempt.reported_answers_at))
$$;
comment on function private.restored_copy(public.exam_attempts) is
  'The student_name and restored {answers, flags, saved_at} of an attempt, from the server''s copy, for resume_exam_attempt.';
revoke all on function private.restored_copy(public.exam_attempts) from public, anon, authenticated, service_role;
