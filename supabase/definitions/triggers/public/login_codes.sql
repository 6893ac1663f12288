create or replace trigger login_codes_shift_attempt_deadlines
  after update of extra_minutes on public.login_codes
  for each row when (new.extra_minutes is distinct from old.extra_minutes)
  execute function private.shift_attempt_deadlines();

create or replace trigger login_codes_record_generation
  after insert on public.login_codes referencing new table as inserted
  for each statement execute function private.record_login_code_batch();

create or replace trigger login_codes_record_deletion
  after delete on public.login_codes referencing old table as deleted
  for each statement execute function private.record_login_code_batch();

create or replace trigger login_codes_record_extra_time
  after update of extra_minutes on public.login_codes
  for each row when (new.extra_minutes is distinct from old.extra_minutes)
  execute function private.record_extra_time();
