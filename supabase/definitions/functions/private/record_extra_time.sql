create or replace function private.record_extra_time() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity('extra_time_changed', new.code,
    jsonb_build_object('from', old.extra_minutes, 'to', new.extra_minutes), new.exam_id);
  return null;
end
$$;
revoke all on function private.record_extra_time() from public, anon, authenticated, service_role;
