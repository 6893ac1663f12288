-- Whether any submission of `exam_id` had its solutions first shown at or after `moment`. Any
-- submission of the exam, not only one sharing questions with an attempt: a snapshot may be gone
-- with the clean-up, and solutions are held while any unsubmitted attempt of the exam started in
-- the last 24 hours is open, so one shown after an attempt's start was shown once its time was
-- over. A key shown before the start could have been reported in time anyway: the in-time copy
-- checks nothing more there. An exam with the same questions (private.exams_sharing_questions: a
-- duplicate) shows the same key; another exam's solutions show other questions.
create or replace function private.solutions_shown_since(exam_id uuid, moment timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.submissions s
                  where s.exam_id in (select unnest(private.exams_sharing_questions(solutions_shown_since.exam_id)))
                    and s.solutions_shown_at >= solutions_shown_since.moment)
$$;
revoke all on function private.solutions_shown_since(uuid, timestamp with time zone) from public, anon, authenticated, service_role;
