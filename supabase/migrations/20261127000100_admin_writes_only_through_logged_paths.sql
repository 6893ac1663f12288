-- Results and codes change only through paths the activity log records (issue 23, item 5).
--
-- The security review, signed in as an administrator, changed a stored score and tab switches,
-- deleted a submission, inserted an invented one, switched a code's is_used on and off and wrote
-- voided_by directly, all through /rest/v1 and none of it in the log. The app never writes those
-- tables or columns itself: submissions change only through SECURITY DEFINER functions (submit_exam,
-- recover_submission_from_file, void_submission, restore_submission, regrade_question), which run as
-- the table's owner, and a code's use is written only by the student functions. So the API roles
-- lose those privileges, and keep, column by column, only what the admin screens send
-- (src/lib/admin/*); the service role (the operator's key) keeps its own.
--
-- Each remaining write is recorded by a trigger. For questions the log no longer asks the request's
-- Prefer header whether a statement is an import (any caller can send it): an import is an
-- INSERT ... ON CONFLICT DO UPDATE, which fires the table's insert and update statement triggers
-- both, so a statement-level BEFORE INSERT trigger marks the statement and the update trigger,
-- which runs before the insert trigger's AFTER, sees the mark. A deletion and an insertion now keep
-- each question's key, so a key changed by deleting and re-adding a question shows old and new.

-- Submissions: read only, for every API role but the service role.
revoke all on table public.submissions from anon, authenticated;
grant select on table public.submissions to authenticated;
drop policy "Admins can create submissions" on public.submissions;
drop policy "Admins can update submissions" on public.submissions;
drop policy "Admins can delete submissions" on public.submissions;
comment on column public.submissions.question_count is
  'How many questions the exam served this submission (set by the server: the code''s first attempt''s count, else the usable questions 1 to 50; never below the score). Every percentage is score / question_count. Defaults to a full exam of 50 for rows the service role inserts directly.';

-- Login codes: the Login Code Manager inserts codes with their extra time, changes the extra time
-- and deletes codes. Whether and when a code was used, and when it was made (codes expire 7 days
-- after it), are the student functions' and the database's.
revoke all on table public.login_codes from anon, authenticated;
grant select, delete on table public.login_codes to authenticated;
grant insert (code, extra_minutes) on table public.login_codes to authenticated;
grant update (extra_minutes) on table public.login_codes to authenticated;

-- Questions: the Question Manager's fields. The id pairs a question's old and new values in the
-- update trigger (and a snapshot with its bank row); created_at decides what the retention job
-- deletes.
revoke all on table public.questions from anon, authenticated;
grant select, delete on table public.questions to authenticated;
grant insert (question_number, question_text, option_a, option_b, option_c, option_d, correct_answer, exam_category_id),
      update (question_number, question_text, option_a, option_b, option_c, option_d, correct_answer, exam_category_id)
   on table public.questions to authenticated;

-- Exam schedules: the Exam Schedule screen's fields. created_at decides which active schedule is
-- the current one, and the change trigger does not record it.
revoke all on table public.exam_schedule from anon, authenticated;
grant select on table public.exam_schedule to anon;
grant select, delete on table public.exam_schedule to authenticated;
grant insert (exam_name, start_time, end_time, duration_minutes, is_active, shuffle_questions, shuffle_options),
      update (exam_name, start_time, end_time, duration_minutes, is_active, shuffle_questions, shuffle_options)
   on table public.exam_schedule to authenticated;

-- Each question's key by number, as the log keeps it: {"7": "B"}.
create or replace function private.question_keys(numbers integer[], keys text[]) returns jsonb
language sql immutable set search_path = ''
as $$
  select coalesce(jsonb_object_agg(q.number::text, q.key), '{}'::jsonb) from unnest(numbers, keys) as q(number, key)
$$;
revoke execute on function private.question_keys(integer[], text[]) from public, anon, authenticated, service_role;

-- The mark of the current INSERT statement on questions: 'insert' from its start, 'upsert' once its
-- update part ran; cleared when it ends. Local to the transaction, so a failed statement's mark
-- goes with it.
create or replace function private.note_question_insert_statement() returns trigger
language plpgsql volatile set search_path = ''
as $$
begin
  perform set_config('holdfast.question_insert_statement', 'insert', true);
  return null;
end
$$;
revoke execute on function private.note_question_insert_statement() from public, anon, authenticated, service_role;

create trigger questions_note_insert_statement
  before insert on public.questions
  for each statement execute function private.note_question_insert_statement();

create or replace function private.record_question_inserts() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  imported boolean := coalesce(current_setting('holdfast.question_insert_statement', true), '') = 'upsert';
begin
  perform set_config('holdfast.question_insert_statement', '', true);
  perform private.record_question_batch(
    case when imported then 'questions_imported' else 'questions_added' end,
    array(select q.question_number from inserted q),
    jsonb_build_object('replaced', false,
      'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer)) from inserted q)));
  return null;
end
$$;
comment on function private.record_question_inserts() is
  'Records questions inserted by one statement, each with its key: questions_imported when the statement was an upsert (its update part ran), else questions_added.';

create or replace function private.record_question_updates() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  change record;
  changes jsonb;
  -- An update run by an INSERT statement is the ON CONFLICT DO UPDATE of an upsert: an import.
  imported boolean := coalesce(current_setting('holdfast.question_insert_statement', true), '') in ('insert', 'upsert');
begin
  if imported then
    perform set_config('holdfast.question_insert_statement', 'upsert', true);
    perform private.record_question_batch('questions_imported', array(select q.question_number from updated q),
      jsonb_build_object('replaced', true,
        'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer)) from updated q)));
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
comment on function private.record_question_updates() is
  'Records an update of questions: a question_changed row (every changed field, old and new) per question changed; for an import (an upsert''s update part) one questions_imported row with the replaced questions and their keys, and a question_changed row per question it changed (swapping the texts of two options changes the right answer as surely as a new letter).';

create or replace function private.record_question_deletes() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  -- "all": the statement left the bank empty (Delete All, or the retention job after an exam).
  perform private.record_question_batch('questions_deleted', array(select q.question_number from deleted q),
    jsonb_build_object('all', not exists (select 1 from public.questions),
      'keys', (select private.question_keys(array_agg(q.question_number), array_agg(q.correct_answer)) from deleted q)));
  return null;
end
$$;
comment on function private.record_question_deletes() is
  'Records questions deleted by one statement, each with the key it had.';

-- Nothing reads the request's headers for the log any more.
drop function private.request_is_upsert();

-- A batch of codes with different extra time (one POST can carry any mix) says which code got
-- which: extra_minutes when the batch shares one, extra_minutes_by_code (codes with extra time
-- only) when it does not.
create or replace function private.record_login_code_batch() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  batch_size integer;
  codes jsonb;
  extra integer;
  extra_by_code jsonb;
begin
  if tg_op = 'INSERT' then
    select count(*), jsonb_agg(b.code order by b.code),
           case when min(b.extra_minutes) = max(b.extra_minutes) then max(b.extra_minutes) end,
           case when min(b.extra_minutes) <> max(b.extra_minutes)
                then jsonb_object_agg(b.code, b.extra_minutes) filter (where b.extra_minutes > 0) end
      into batch_size, codes, extra, extra_by_code
      from inserted b;
  else
    select count(*), jsonb_agg(b.code order by b.code) into batch_size, codes from deleted b;
  end if;
  if batch_size > 0 then
    perform private.record_activity(
      case when tg_op = 'INSERT' then 'codes_generated' else 'codes_deleted' end,
      case when batch_size = 1 then codes ->> 0 end,
      jsonb_strip_nulls(jsonb_build_object('count', batch_size, 'codes', codes, 'extra_minutes', extra,
                                           'extra_minutes_by_code', extra_by_code)));
  end if;
  return null;
end
$$;
comment on function private.record_login_code_batch() is
  'Records login codes generated or deleted by one statement: the codes, and the extra time they were made with (one figure, or each code''s when they differ).';
