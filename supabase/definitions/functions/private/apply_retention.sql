-- Questions go 24 hours after the last exam window closed, never while the active one is open
-- (docs/product.md#retention; public.apply_retention runs it hourly). Each attempt's snapshot,
-- taken up to that window, goes with them; submissions stay, with the key they were scored
-- against (served_key).
create or replace function private.apply_retention() returns integer
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
  delete from public.attempt_questions where taken_at <= last_closed;
  delete from public.questions where created_at <= last_closed;
  get diagnostics deleted = row_count;
  return deleted;
end
$$;
comment on function private.apply_retention() is
  'Deletes exam questions and the attempts'' snapshots of them 24 hours after the last exam closed; answers how many questions.';
revoke all on function private.apply_retention() from public, anon, authenticated, service_role;
grant execute on function private.apply_retention() to service_role;
