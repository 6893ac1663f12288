create or replace function public.active_exam_schedule() returns setof public.exam_schedule
language sql stable security definer set search_path = ''
as $$
  select * from public.exam_schedule where is_active order by created_at desc limit 1
$$;
comment on function public.active_exam_schedule() is 'The exam students take now: the newest active schedule (none means no window and the default 30 minutes).';
revoke all on function public.active_exam_schedule() from public, anon, authenticated, service_role;
grant execute on function public.active_exam_schedule() to service_role;
