create or replace function public.passes(score integer, question_count integer) returns boolean
language sql immutable set search_path = ''
as $$
  select round(score * 100.0 / question_count) >= 60
$$;
comment on function public.passes(integer, integer) is
  'Whether a score passes: at least 60 % of the questions served (src/domain/score.ts).';
revoke all on function public.passes(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.passes(integer, integer) to authenticated, service_role;
