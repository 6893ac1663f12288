create or replace function public.room_time_students() returns integer
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (select count(*) from private.codes_still_writing());
end
$$;
comment on function public.room_time_students() is
  'Administrators: how many students "Add time for everyone" would reach now.';
revoke all on function public.room_time_students() from public, anon, authenticated, service_role;
grant execute on function public.room_time_students() to authenticated, service_role;
