-- The activity log's row for time added to the whole room (add_time_for_everyone): the minutes and
-- the codes; each code's own extra_time_changed row (private.record_extra_time) follows from the
-- same change.
create or replace function private.record_room_time() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity('room_time_added', null,
    jsonb_build_object('minutes', new.minutes, 'count', cardinality(new.login_codes), 'codes', to_jsonb(new.login_codes)),
    new.exam_id);
  return null;
end
$$;
revoke all on function private.record_room_time() from public, anon, authenticated, service_role;
