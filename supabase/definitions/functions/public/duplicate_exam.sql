-- "Duplicate exam": a new exam named `name` with the settings and every question of the given one,
-- to run next term's exam from this term's bank. Nothing of its sittings, codes or results comes
-- along. The new exam and its questions are logged by their own triggers (exam_created,
-- questions_added with their keys); exam_duplicated says where they came from.
create or replace function public.duplicate_exam(exam_id uuid, name text) returns uuid
language plpgsql volatile security definer set search_path = ''
as $$
declare
  new_name text := btrim(duplicate_exam.name);
  source public.exams;
  copy_id uuid;
  copied integer;
begin
  perform private.require_admin();
  select * into source from public.exams e where e.id = duplicate_exam.exam_id;
  if not found then
    perform private.invalid_argument('no such exam');
  end if;
  if new_name is null or length(new_name) not between 1 and 200 then
    perform private.invalid_argument('the new exam needs a name of 1 to 200 characters');
  end if;
  if exists (select 1 from public.exams e where e.archived_at is null and lower(btrim(e.name)) = lower(new_name)) then
    perform private.invalid_argument('an exam in use already has this name');
  end if;
  insert into public.exams (name, default_duration_minutes, shuffle_questions, shuffle_options)
  values (new_name, source.default_duration_minutes, source.shuffle_questions, source.shuffle_options)
  returning id into copy_id;
  insert into public.questions (exam_id, question_number, question_text, option_a, option_b, option_c, option_d, correct_answer)
  select copy_id, q.question_number, q.question_text, q.option_a, q.option_b, q.option_c, q.option_d, q.correct_answer
    from public.questions q
   where q.exam_id = source.id
   order by q.question_number;
  get diagnostics copied = row_count;
  perform private.record_activity('exam_duplicated', new_name,
    jsonb_build_object('from_exam_id', source.id, 'from_name', source.name, 'questions', copied), copy_id);
  return copy_id;
end
$$;
comment on function public.duplicate_exam(uuid, text) is
  'Administrators: a new exam (answered by its id) with the name given and the settings and questions of the given exam, without its sittings, codes or results; recorded as exam_duplicated. invalid_argument for an unknown exam, an empty or too long name, or a name an exam in use has.';
revoke all on function public.duplicate_exam(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.duplicate_exam(uuid, text) to authenticated, service_role;
