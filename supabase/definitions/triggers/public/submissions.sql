create or replace trigger submissions_record_answer_file_recovery
  after insert on public.submissions
  for each row when (new.recovered_from_file)
  execute function private.record_answer_file_recovery();

create or replace trigger submissions_keep_tallies
  after insert or delete or update of id, exam_id, submitted_at, score, question_count, voided_at on public.submissions
  for each row execute function private.keep_submission_tallies();

create or replace trigger submissions_record_void_change
  after update of voided_at on public.submissions
  for each row when (old.voided_at is distinct from new.voided_at)
  execute function private.record_void_change();

create or replace trigger submissions_record_served_key
  before insert on public.submissions
  for each row execute function private.record_served_key();

create or replace trigger submissions_keep_exam_category
  before insert or update of exam_id, exam_category_id on public.submissions
  for each row execute function private.keep_exam_category();
