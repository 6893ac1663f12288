-- The activity log (issue 15): who did what and when, for every administrator's action that
-- changes the exam, so that each change can be explained afterwards.
--
-- public.audit_log is append-only for every API role, administrators and the service role
-- included: they may read it (administrators through row-level security), none may insert,
-- update, delete or truncate. Rows are written only by the SECURITY DEFINER triggers and
-- functions below, as the tables' owner, in the transaction of the change itself, so nothing
-- that changes a table through the API (or a function) leaves it unrecorded, and nothing is
-- recorded for a change that was rolled back.
--
-- Each row names its action (a fixed list), what it concerns (a code, a question number, a
-- schedule's name) and its details as JSON; the Activity screen puts them in words
-- (src/domain/activity-description.ts). The actor is the signed-in user (with the email the
-- admin signed in with), else the API role that made the change (service_role), else the
-- database itself ("system": the retention job, an operator's SQL).
--
-- What is recorded here: extra time per code and for the whole room, login codes generated and deleted, questions added,
-- imported, changed (the correct answer among the changes) and deleted (all of them or one),
-- exam schedules created, changed and deleted, and submissions recovered from an answer file.
-- Voids, restores, key corrections and regrades record themselves in their own functions.

create table public.audit_log (
  id bigint generated always as identity primary key,
  occurred_at timestamptz not null default now(),
  actor_id uuid,
  actor text not null check (length(actor) between 1 and 320),
  action text not null check (action in (
    'codes_generated', 'codes_deleted', 'extra_time_changed', 'room_time_added',
    'questions_added', 'questions_imported', 'question_changed', 'questions_deleted',
    'schedule_created', 'schedule_changed', 'schedule_deleted',
    'answer_file_recovered')),
  subject text,
  details jsonb not null default '{}' check (jsonb_typeof(details) = 'object')
);
comment on table public.audit_log is
  'Append-only record of administrators'' actions: written by triggers and functions as the owner, read by administrators, never changed by any API role.';
comment on column public.audit_log.actor_id is 'The signed-in user who made the change; null for the service role or the database itself.';
comment on column public.audit_log.actor is 'Who made the change, as the Activity screen names them: an email, service_role or system.';
comment on column public.audit_log.subject is 'What the action concerns: a login code, a question number, a schedule''s name; null for a batch.';
comment on column public.audit_log.details is 'What changed, per action (see private.record_activity''s callers): counts, codes, old and new values.';
create index audit_log_occurred_at_idx on public.audit_log (occurred_at desc, id desc);
create index audit_log_action_occurred_at_idx on public.audit_log (action, occurred_at desc, id desc);
alter table public.audit_log enable row level security;
revoke all on table public.audit_log from public, anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;
create policy "Admins can read the activity log" on public.audit_log
  for select to authenticated using ((select public.is_admin()));

create function private.record_activity(action text, subject text, details jsonb) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  claims jsonb := nullif(current_setting('request.jwt.claims', true), '')::jsonb;
  acting_user uuid := (select auth.uid());
begin
  insert into public.audit_log (actor_id, actor, action, subject, details)
  values (
    acting_user,
    coalesce(
      (select au.email from public.admin_users au where au.user_id = acting_user),
      (select u.email from auth.users u where u.id = acting_user),
      case when claims ->> 'role' = 'service_role' then 'service_role' end,
      'system'),
    record_activity.action,
    record_activity.subject,
    coalesce(record_activity.details, '{}'::jsonb));
end
$$;
comment on function private.record_activity(text, text, jsonb) is
  'Appends one row to public.audit_log for the current request''s user (or service_role, or system).';
revoke execute on function private.record_activity(text, text, jsonb) from public, anon, authenticated, service_role;

-- Login codes: a batch generated or deleted is one row (its codes listed), extra time one row per code.
create function private.record_login_code_batch() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  batch_size integer;
  codes jsonb;
  extra integer;
begin
  if tg_op = 'INSERT' then
    select count(*), jsonb_agg(b.code order by b.code), max(b.extra_minutes) into batch_size, codes, extra from inserted b;
  else
    select count(*), jsonb_agg(b.code order by b.code), null into batch_size, codes, extra from deleted b;
  end if;
  if batch_size > 0 then
    perform private.record_activity(
      case when tg_op = 'INSERT' then 'codes_generated' else 'codes_deleted' end,
      case when batch_size = 1 then codes ->> 0 end,
      jsonb_strip_nulls(jsonb_build_object('count', batch_size, 'codes', codes, 'extra_minutes', extra)));
  end if;
  return null;
end
$$;
revoke execute on function private.record_login_code_batch() from public, anon, authenticated, service_role;

create trigger login_codes_record_generation
  after insert on public.login_codes referencing new table as inserted
  for each statement execute function private.record_login_code_batch();
create trigger login_codes_record_deletion
  after delete on public.login_codes referencing old table as deleted
  for each statement execute function private.record_login_code_batch();

create function private.record_extra_time() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity('extra_time_changed', new.code,
    jsonb_build_object('from', old.extra_minutes, 'to', new.extra_minutes));
  return null;
end
$$;
revoke execute on function private.record_extra_time() from public, anon, authenticated, service_role;

create trigger login_codes_record_extra_time
  after update of extra_minutes on public.login_codes
  for each row when (new.extra_minutes is distinct from old.extra_minutes)
  execute function private.record_extra_time();

-- Questions. An insert statement is "added" (the question form, one at a time); one that came as
-- the Question Manager's import sends it (a bulk upsert: PostgREST's Prefer
-- resolution=merge-duplicates) is "imported": its new questions in one row, those it replaced in a
-- second (an upsert fires both statement triggers), rather than one change per question.
create function private.request_is_upsert() returns boolean
language sql stable set search_path = ''
as $$
  select coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'prefer', '') like '%resolution=merge-duplicates%'
$$;
revoke execute on function private.request_is_upsert() from public, anon, authenticated, service_role;

create function private.record_question_batch(action text, numbers integer[], extra jsonb) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  if cardinality(numbers) > 0 then
    perform private.record_activity(action,
      case when cardinality(numbers) = 1 then numbers[1]::text end,
      extra || jsonb_build_object('count', cardinality(numbers),
                                  'numbers', (select jsonb_agg(n order by n) from unnest(numbers) as n)));
  end if;
end
$$;
revoke execute on function private.record_question_batch(text, integer[], jsonb) from public, anon, authenticated, service_role;

create function private.record_question_inserts() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_question_batch(
    case when private.request_is_upsert() then 'questions_imported' else 'questions_added' end,
    array(select q.question_number from inserted q), '{"replaced": false}');
  return null;
end
$$;
revoke execute on function private.record_question_inserts() from public, anon, authenticated, service_role;

create function private.record_question_updates() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  change record;
  changes jsonb;
begin
  if private.request_is_upsert() then
    perform private.record_question_batch('questions_imported', array(select q.question_number from updated q), '{"replaced": true}');
    return null;
  end if;
  for change in
    select n.question_number as number, to_jsonb(o) as old_row, to_jsonb(n) as new_row
      from updated n join previous o on o.id = n.id
     order by n.question_number
  loop
    -- Every field that changed, as [old, new]: the correct answer among them is a key change.
    select coalesce(jsonb_object_agg(f.key, jsonb_build_array(change.old_row -> f.key, f.value)), '{}'::jsonb) into changes
      from jsonb_each(change.new_row) f
     where f.key not in ('id', 'created_at') and f.value is distinct from change.old_row -> f.key;
    if changes <> '{}'::jsonb then
      perform private.record_activity('question_changed', change.number::text, jsonb_build_object('changes', changes));
    end if;
  end loop;
  return null;
end
$$;
revoke execute on function private.record_question_updates() from public, anon, authenticated, service_role;

create function private.record_question_deletes() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  -- "all": the statement left the bank empty (Delete All, or the retention job after an exam).
  perform private.record_question_batch('questions_deleted', array(select q.question_number from deleted q),
                                        jsonb_build_object('all', not exists (select 1 from public.questions)));
  return null;
end
$$;
revoke execute on function private.record_question_deletes() from public, anon, authenticated, service_role;

create trigger questions_record_inserts
  after insert on public.questions referencing new table as inserted
  for each statement execute function private.record_question_inserts();
create trigger questions_record_updates
  after update on public.questions referencing old table as previous new table as updated
  for each statement execute function private.record_question_updates();
create trigger questions_record_deletes
  after delete on public.questions referencing old table as deleted
  for each statement execute function private.record_question_deletes();

-- Exam schedules: one row per schedule created, changed (its old and new values) or deleted.
create function private.record_schedule_change() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  changes jsonb;
begin
  if tg_op = 'INSERT' then
    perform private.record_activity('schedule_created', new.exam_name,
      jsonb_build_object('start_time', new.start_time, 'end_time', new.end_time,
                         'duration_minutes', new.duration_minutes, 'is_active', new.is_active));
  elsif tg_op = 'DELETE' then
    perform private.record_activity('schedule_deleted', old.exam_name,
      jsonb_build_object('start_time', old.start_time, 'end_time', old.end_time,
                         'duration_minutes', old.duration_minutes, 'is_active', old.is_active));
  else
    select coalesce(jsonb_object_agg(f.key, jsonb_build_array(to_jsonb(old) -> f.key, f.value)), '{}'::jsonb) into changes
      from jsonb_each(to_jsonb(new)) f
     where f.key not in ('id', 'created_at') and f.value is distinct from to_jsonb(old) -> f.key;
    if changes <> '{}'::jsonb then
      perform private.record_activity('schedule_changed', new.exam_name, jsonb_build_object('changes', changes));
    end if;
  end if;
  return null;
end
$$;
revoke execute on function private.record_schedule_change() from public, anon, authenticated, service_role;

create trigger exam_schedule_record_changes
  after insert or update or delete on public.exam_schedule
  for each row execute function private.record_schedule_change();

-- Answer files: the submission an administrator recovered (a submission only ever enters
-- recovered_from_file through recover_submission_from_file). The condition keeps the trigger off
-- the path of every other submission.
create function private.record_answer_file_recovery() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity('answer_file_recovered', new.login_code,
    jsonb_build_object('student_name', new.student_name, 'submission_id', new.id, 'arrived_late', new.arrived_late));
  return null;
end
$$;
revoke execute on function private.record_answer_file_recovery() from public, anon, authenticated, service_role;

create trigger submissions_record_answer_file_recovery
  after insert on public.submissions
  for each row when (new.recovered_from_file)
  execute function private.record_answer_file_recovery();

-- Time for the whole room (add_time_for_everyone, migration 20261124001000): one row with the
-- minutes and the codes; each code's own extra-time row (above) follows from the same change.
create function private.record_room_time() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  perform private.record_activity('room_time_added', null,
    jsonb_build_object('minutes', new.minutes, 'count', cardinality(new.login_codes), 'codes', to_jsonb(new.login_codes)));
  return null;
end
$$;
revoke execute on function private.record_room_time() from public, anon, authenticated, service_role;

create trigger room_time_additions_record_activity
  after insert on public.room_time_additions
  for each row execute function private.record_room_time();
