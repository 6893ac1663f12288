-- The sitting a code starts in (docs/product.md#exam-window-and-time): among its own exam's active
-- sittings, one open now (its end moved by the code's extra minutes, as the start allows), the
-- newest made when several are; else the next to start (the code step names it and the device
-- counts down to it); else the one that ended last (exam_closed, and the time its extra minutes
-- may still reach). Another exam's sitting never opens or closes it. All null when the exam has
-- no active sitting: then there is no window and the exam's default duration.
create or replace function private.sitting_for_code(login public.login_codes) returns public.exam_schedule
language plpgsql stable set search_path = ''
as $$
declare
  sitting public.exam_schedule;
begin
  select es.* into sitting
    from public.exam_schedule es
   cross join lateral (select now() between es.start_time and es.end_time + make_interval(mins => login.extra_minutes) as open,
                              es.start_time > now() as upcoming) w
   where es.exam_id = login.exam_id and es.is_active
   order by case when w.open then 0 when w.upcoming then 1 else 2 end,
            case when w.open then es.created_at end desc,
            case when w.upcoming then es.start_time end,
            es.end_time desc, es.created_at desc
   limit 1;
  return sitting;
end
$$;
comment on function private.sitting_for_code(public.login_codes) is
  'The sitting a login code starts in: of its exam''s active sittings, the newest open now (its end moved by the code''s extra minutes), else the next to start, else the one that ended last; all null without an active sitting.';
revoke all on function private.sitting_for_code(public.login_codes) from public, anon, authenticated, service_role;
