create or replace function public.room_time_students(exam_id uuid default null, sitting_id uuid default null) returns integer
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (select count(*) from private.codes_still_writing(room_time_students.exam_id, room_time_students.sitting_id));
end
$$;
comment on function public.room_time_students(uuid, uuid) is
  'Administrators: how many students "Add time for everyone" would reach now (of one exam and sitting, or all).';
revoke all on function public.room_time_students(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.room_time_students(uuid, uuid) to authenticated, service_role;
