create or replace trigger exams_record_changes
  after insert or update on public.exams
  for each row execute function private.record_exam_change();
