CREATE OR REPLACE FUNCTION public.passes(score integer, question_count integer)
 RETURNS boolean
 LANGUAGE sql
 IMMUTABLE
 SET search_path TO ''
AS $function$
  select round(score * 100.0 / question_count) >= 60
$function$;
comment on function public.passes(integer, integer) is
  'Whether a score passes: at least 60 % of the questions served (src/domain/score.ts).';
revoke all on function public.passes(integer, integer) from public, anon, authenticated, service_role;
grant execute on function public.passes(integer, integer) to authenticated, service_role;
