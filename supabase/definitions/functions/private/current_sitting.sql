-- The sitting of an exam that is current (docs/product.md#exam-window-and-time): among its active
-- sittings, one open now (its end moved by a code's extra minutes, as that code's start allows),
-- the newest made when several are; else the next to start (the code step names it and the device
-- counts down to it); else the one that ended last (exam_closed, and the time extra minutes may
-- still reach). Another exam's sitting never opens or closes it. A code starts in its exam's
-- current sitting, and the Proctor Room's room-wide actions mean it when no sitting is picked.
-- All null when the exam has no active sitting: then there is no window and the exam's default
-- duration.
create or replace function private.current_sitting(exam_id uuid, extra_minutes integer default 0)
returns public.exam_schedule
language plpgsql stable set search_path = ''
as $$
declare
  sitting public.exam_schedule;
begin
  select es.* into sitting
    from public.exam_schedule es
   cross join lateral (select now() between es.start_time and es.end_time + make_interval(mins => current_sitting.extra_minutes) as open,
                              es.start_time > now() as upcoming) w
   where es.exam_id = current_sitting.exam_id and es.is_active
   order by case when w.open then 0 when w.upcoming then 1 else 2 end,
            case when w.open then es.created_at end desc,
            case when w.upcoming then es.start_time end,
            es.end_time desc, es.created_at desc
   limit 1;
  return sitting;
end
$$;
comment on function private.current_sitting(uuid, integer) is
  'The exam''s current sitting: of its active sittings the newest open now (its end moved by the extra minutes given), else the next to start, else the one that ended last; all null without an active sitting.';
revoke all on function private.current_sitting(uuid, integer) from public, anon, authenticated, service_role;
