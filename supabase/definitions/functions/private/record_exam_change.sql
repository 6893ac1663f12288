-- Exams: one activity row per exam created, and per change (its old and new values: a rename, its
-- settings, archiving and bringing it back).
create or replace function private.record_exam_change() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_activity('exam_created', new.name,
      jsonb_build_object('default_duration_minutes', new.default_duration_minutes,
                         'shuffle_questions', new.shuffle_questions, 'shuffle_options', new.shuffle_options),
      new.id);
  else
    select coalesce(jsonb_object_agg(f.key, jsonb_build_array(to_jsonb(old) -> f.key, f.value)), '{}'::jsonb) into changes
      from jsonb_each(to_jsonb(new)) f
     where f.key not in ('id', 'created_at') and f.value is distinct from to_jsonb(old) -> f.key;
    if changes <> '{}'::jsonb then
      perform private.record_activity('exam_changed', new.name, jsonb_build_object('changes', changes), new.id);
    end if;
  end if;
  return null;
end
$$;
comment on function private.record_exam_change() is
  'Records an exam created (its settings) or changed (every changed field, old and new: name, settings, archived_at).';
revoke all on function private.record_exam_change() from public, anon, authenticated, service_role;
