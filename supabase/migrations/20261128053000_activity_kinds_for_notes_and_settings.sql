-- Issue 28's two new kinds of activity: a proctor's note on an attempt (seat, incident) and a change
-- of the institution's settings. Added here once, so the parts that record them stay independent.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'codes_generated', 'codes_deleted', 'extra_time_changed', 'room_time_added', 'questions_added', 'questions_imported',
  'question_changed', 'questions_deleted', 'schedule_created', 'schedule_changed', 'schedule_deleted',
  'answer_file_recovered', 'submission_voided', 'submission_restored', 'key_corrected', 'guessing_limit_cleared',
  'address_trust_ended', 'exam_created', 'exam_changed', 'exam_duplicated',
  'attempt_move_offered', 'attempt_moved', 'submitted_from_server_copy', 'server_copy_replaced',
  'attempt_noted', 'settings_changed'));
