create or replace function public.is_usable_mcq(q public.questions) returns boolean
language sql immutable set search_path = ''
as $$
  select q.correct_answer in ('A', 'B', 'C', 'D')
    and btrim(q.question_text) <> ''
    and btrim(q.option_a) <> '' and btrim(q.option_b) <> ''
    and btrim(q.option_c) <> '' and btrim(q.option_d) <> ''
$$;
revoke all on function public.is_usable_mcq(public.questions) from public, anon, authenticated, service_role;
grant execute on function public.is_usable_mcq(public.questions) to service_role;
