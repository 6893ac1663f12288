-- A code's exam, taken at its first start: every later start, the score and the solutions read it,
-- so a later import, a late arrival or the clean-up never changes its questions or its score
-- (docs/product.md#taking-the-exam). The order is the code's own, from its secret answer-file key,
-- never from the answer key (docs/architecture.md#a-fair-exam-room-shuffled-frozen-timed-for-the-whole-room).
-- The questions are the code's exam's; the shuffle is its sitting's, else the exam's.
create or replace function private.take_exam_snapshot(login public.login_codes, exam public.exams, schedule public.exam_schedule) returns integer
language plpgsql volatile set search_path = ''
as $$
declare
  shuffle_questions boolean := coalesce(schedule.shuffle_questions, exam.shuffle_questions);
  shuffle_options boolean := coalesce(schedule.shuffle_options, exam.shuffle_options);
  seed bytea := private.answer_file_key(login.code);
  held integer;
begin
  select count(*) into held from public.attempt_questions aq where aq.login_code = login.code;
  if held > 0 then
    return held;
  end if;
  insert into public.attempt_questions
    (login_code, question_number, position, question_id, question_text, option_a, option_b, option_c, option_d,
     correct_answer, option_order)
  select login.code, q.question_number,
         row_number() over (order by case when shuffle_questions then private.shuffle_rank(seed, 'question:' || q.question_number) end,
                                     q.question_number),
         q.id, q.question_text, q.option_a, q.option_b, q.option_c, q.option_d, q.correct_answer,
         case when shuffle_options
              then (select string_agg(l.letter, '' order by private.shuffle_rank(seed, 'option:' || q.question_number || ':' || l.letter))
                      from unnest(array['A', 'B', 'C', 'D']) as l (letter))
              else 'ABCD' end
    from public.questions q
   -- Only usable questions numbered 1 to 50 are served (docs/product.md#taking-the-exam).
   where q.exam_id = login.exam_id and public.is_usable_mcq(q) and q.question_number between 1 and 50;
  get diagnostics held = row_count;
  return held;
end
$$;
comment on function private.take_exam_snapshot(public.login_codes, public.exams, public.exam_schedule) is
  'Records the code''s exam''s usable questions, their answer key and the code''s order (shuffled as its sitting says, else as the exam does) as the code''s snapshot, unless it has one; answers how many questions the snapshot holds.';
revoke all on function private.take_exam_snapshot(public.login_codes, public.exams, public.exam_schedule) from public, anon, authenticated, service_role;
