create or replace trigger room_time_additions_record_activity
  after insert on public.room_time_additions
  for each row execute function private.record_room_time();
