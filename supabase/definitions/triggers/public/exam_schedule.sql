create or replace trigger exam_schedule_record_changes
  after insert or update or delete on public.exam_schedule
  for each row execute function private.record_schedule_change();
