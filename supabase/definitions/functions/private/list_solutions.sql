-- lookup_result's last step: each question of the code's snapshot with the student's answer and
-- what the submission is scored against now (accepted: its served_key entry, the key it was given,
-- a key correction's letters, or * for a void question; the snapshot's letter where it has none),
-- so the page marks what the score counts (docs/product.md#scoring). correct_answer stays the
-- snapshot's letter, for the clients that read only it. option_order is the order the student saw
-- the options in ("CADB": C shown first, as A), so the page labels them as the exam did.
create or replace function private.list_solutions(submission public.submissions) returns jsonb
language sql stable set search_path = ''
as $$
  select coalesce(jsonb_agg(jsonb_build_object(
           'question_number', aq.question_number, 'question_text', aq.question_text,
           'option_a', aq.option_a, 'option_b', aq.option_b, 'option_c', aq.option_c, 'option_d', aq.option_d,
           'correct_answer', aq.correct_answer,
           'option_order', aq.option_order,
           'accepted', k.accepted,
           'student_answer', submission.answers ->> aq.question_number::text,
           'is_correct', coalesce(private.key_accepts(k.accepted, submission.answers ->> aq.question_number::text), false))
         order by aq.question_number), '[]'::jsonb)
    from public.attempt_questions aq
    cross join lateral (select coalesce(submission.served_key ->> aq.question_number::text, aq.correct_answer) as accepted) k
   where aq.login_code = submission.login_code
$$;
comment on function private.list_solutions(public.submissions) is
  'lookup_result''s last step: the per-question solutions of a submission from its code''s snapshot, in question order, each with the order the student saw its options in (option_order), the student''s answer, the key, what the score accepts and whether the answer counts.';
revoke all on function private.list_solutions(public.submissions) from public, anon, authenticated, service_role;
