-- Retention promised by the privacy policy: questions are deleted 24 hours after the exam.
-- "After the exam" means the last exam window closed more than 24 hours ago and no window is
-- open or upcoming; questions added after that window closed (for the next exam) are kept.
-- Result windows (7-day codes, 30-day results, 24-hour solutions) are enforced when read,
-- by lookup_result, so administrators keep their records.

create function public.apply_retention() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  last_closed timestamptz;
  deleted integer;
begin
  if exists (select 1 from public.exam_schedule where is_active and end_time > now()) then
    return 0;
  end if;
  -- Any window that has closed counts, even if its schedule was switched off afterwards.
  select max(end_time) into last_closed from public.exam_schedule where end_time <= now();
  if last_closed is null or last_closed > now() - interval '24 hours' then
    return 0;
  end if;
  delete from public.questions where created_at <= last_closed;
  get diagnostics deleted = row_count;
  return deleted;
end
$$;
comment on function public.apply_retention() is 'Deletes exam questions 24 hours after the last exam closed. Run hourly (pg_cron, or the local stack''s timer).';
revoke execute on function public.apply_retention() from public, anon, authenticated;

-- Hosted Supabase has pg_cron; where it is not available (PGlite, plain PostgreSQL) the
-- local stack runs the function on a timer instead.
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('holdfast-retention', '17 * * * *', 'select public.apply_retention()');
  end if;
end
$$;
