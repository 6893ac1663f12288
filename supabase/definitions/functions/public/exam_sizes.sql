-- The home page's and the student portal's "About the exam": how many questions a student of each
-- exam would get now (its usable questions numbered 1 to 50, as exam_questions serves them), for
-- the exams a visitor may already name (not archived, with an active sitting: the exams policy for
-- anon). Definer, since visitors read no question; it answers counts only, never a text or a key.
create or replace function public.exam_sizes() returns table (exam_id uuid, question_count integer)
language sql stable security definer set search_path = ''
as $$
  select e.id,
         (select count(*)::integer from public.questions q
           where q.exam_id = e.id and public.is_usable_mcq(q) and q.question_number between 1 and 50)
    from public.exams e
   where e.archived_at is null
     and exists (select 1 from public.exam_schedule es where es.exam_id = e.id and es.is_active)
   order by e.id
$$;
comment on function public.exam_sizes() is
  'For each exam not archived with an active sitting, how many questions a student would get now (usable questions numbered 1 to 50): exam_id and question_count only.';
revoke all on function public.exam_sizes() from public, anon, authenticated, service_role;
grant execute on function public.exam_sizes() to anon, authenticated, service_role;
