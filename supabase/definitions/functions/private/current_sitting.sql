-- The sitting of an exam the Proctor Room's room-wide actions mean when none is picked: among its
-- active sittings the one open now (the newest such), else the newest created (with one sitting,
-- the current schedule of a one-exam school, as before several exams).
create or replace function private.current_sitting(exam_id uuid) returns setof public.exam_schedule
language sql stable set search_path = ''
as $$
  select * from public.exam_schedule es
   where es.exam_id = current_sitting.exam_id and es.is_active
   order by es.start_time <= now() and es.end_time > now() desc, es.created_at desc
   limit 1
$$;
comment on function private.current_sitting(uuid) is
  'The exam''s current sitting for the room-wide actions: its active sitting open now (the newest), else its newest active sitting.';
revoke all on function private.current_sitting(uuid) from public, anon, authenticated, service_role;
