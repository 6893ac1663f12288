-- The exam and every exam with a question of the same text (trimmed, any case) in the bank: a
-- duplicate (duplicate_exam), the same file imported twice, a question added to both. Their keys
-- are one key, so a solution shown for one is shown for all: the solutions release and the "key
-- once shown" checks look at them together, as at the sittings of one exam. Two unrelated exams
-- that happen to share a text only hold each other's solutions a little longer.
create or replace function private.exams_sharing_questions(exam_id uuid) returns uuid[]
language sql stable set search_path = ''
as $$
  select array_agg(distinct related.exam_id)
    from (select exams_sharing_questions.exam_id
          union
          select other.exam_id
            from public.questions own
            join public.questions other on lower(btrim(other.question_text)) = lower(btrim(own.question_text))
           where own.exam_id = exams_sharing_questions.exam_id) related
$$;
comment on function private.exams_sharing_questions(uuid) is
  'The exam and every exam whose bank holds a question of the same text (trimmed, any case) as one of its own: the exams whose solutions show the same key.';
revoke all on function private.exams_sharing_questions(uuid) from public, anon, authenticated, service_role;
