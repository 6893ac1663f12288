-- Exam schedules (sittings): one row per schedule created, changed (its old and new values) or
-- deleted, with its exam (a sitting moved to another exam is logged with the exam it went to).
create or replace function private.record_schedule_change() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_activity('schedule_created', new.exam_name,
      jsonb_build_object('start_time', new.start_time, 'end_time', new.end_time,
                         'duration_minutes', new.duration_minutes, 'is_active', new.is_active),
      new.exam_id);
  elsif tg_op = 'DELETE' then
    perform private.record_activity('schedule_deleted', old.exam_name,
      jsonb_build_object('start_time', old.start_time, 'end_time', old.end_time,
                         'duration_minutes', old.duration_minutes, 'is_active', old.is_active),
      old.exam_id);
  else
    select coalesce(jsonb_object_agg(f.key, jsonb_build_array(to_jsonb(old) -> f.key, f.value)), '{}'::jsonb) into changes
      from jsonb_each(to_jsonb(new)) f
     where f.key not in ('id', 'created_at') and f.value is distinct from to_jsonb(old) -> f.key;
    if changes <> '{}'::jsonb then
      perform private.record_activity('schedule_changed', new.exam_name, jsonb_build_object('changes', changes), new.exam_id);
    end if;
  end if;
  return null;
end
$$;
revoke all on function private.record_schedule_change() from public, anon, authenticated, service_role;
