create or replace function public.regrade_question(question_id uuid, accepted text, apply boolean default false) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  letters text := upper(btrim(regrade_question.accepted));
  question public.questions;
  number integer;
  previous text;
  figures jsonb;
  exam uuid;
begin
  perform private.require_admin();
  if letters is null or letters !~ '^(\*|[ABCD]+)$' then
    perform private.invalid_argument('accepted must be one or more of A, B, C and D, or * for a void question');
  end if;
  -- Any order, each letter once: 'CB' is 'BC'.
  if letters <> '*' then
    letters := (select string_agg(l, '' order by l) from (select distinct unnest(regexp_split_to_array(letters, '')) as l) x);
  end if;
  perform pg_catalog.pg_advisory_xact_lock(private.regrade_lock_key());

  select * into question from public.questions q where q.id = regrade_question.question_id;
  number := coalesce(question.question_number,
                     (select aq.question_number from public.attempt_questions aq where aq.question_id = regrade_question.question_id limit 1));
  if number is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  -- The question's exam, also once the clean-up deleted it: its snapshots' codes say which.
  exam := coalesce(question.exam_id,
                   (select lc.exam_id from public.attempt_questions aq join public.login_codes lc on lc.code = aq.login_code
                     where aq.question_id = regrade_question.question_id limit 1),
                   (select c.exam_id from public.key_corrections c where c.question_id = regrade_question.question_id limit 1));
  previous := coalesce(
    (select c.accepted from public.key_corrections c where c.question_id = regrade_question.question_id order by c.id desc limit 1),
    (select aq.correct_answer from public.attempt_questions aq where aq.question_id = regrade_question.question_id limit 1),
    question.correct_answer);

  create temporary table if not exists pg_temp.regrade_candidates (
    id uuid primary key, old_score integer, new_score integer, question_count integer, voided boolean, new_key jsonb
  ) on commit drop;
  delete from pg_temp.regrade_candidates;
  insert into pg_temp.regrade_candidates
  select s.id, s.score, private.score_against_key(s.answers, k.new_key), s.question_count, s.voided_at is not null, k.new_key
    from public.submissions s
    cross join lateral (select coalesce(s.served_key, '{}'::jsonb) || jsonb_build_object(number::text, letters) as new_key) k
   where s.exam_id = exam
     and exists (select 1 from public.attempt_questions aq
                  where aq.login_code = s.login_code and aq.question_id = regrade_question.question_id);

  select jsonb_build_object(
    'question_number', number,
    'from', previous,
    'to', letters,
    'submissions', count(*) filter (where not c.voided),
    'changed', count(*) filter (where not c.voided and c.new_score <> c.old_score),
    'fail_to_pass', count(*) filter (where not c.voided and not public.passes(c.old_score, c.question_count)
                                     and public.passes(c.new_score, c.question_count)),
    'pass_to_fail', count(*) filter (where not c.voided and public.passes(c.old_score, c.question_count)
                                     and not public.passes(c.new_score, c.question_count)),
    'average_before', round(avg(c.old_score) filter (where not c.voided), 2),
    'average_after', round(avg(c.new_score) filter (where not c.voided), 2))
    into figures
    from pg_temp.regrade_candidates c;

  if not regrade_question.apply then
    return figures || jsonb_build_object('outcome', 'dry_run');
  end if;
  if previous = letters then
    return figures || jsonb_build_object('outcome', 'unchanged');
  end if;

  insert into public.key_corrections (exam_id, question_id, question_number, accepted, corrected_by)
  values (exam, regrade_question.question_id, number, letters,
          (select au.email from public.admin_users au where au.user_id = (select auth.uid())));
  update public.submissions s
     set served_key = c.new_key,
         score = c.new_score,
         score_before_regrade = case when c.new_score <> c.old_score then coalesce(s.score_before_regrade, c.old_score)
                                     else s.score_before_regrade end,
         regraded_at = case when c.new_score <> c.old_score then now() else s.regraded_at end
    from pg_temp.regrade_candidates c
   where s.id = c.id;
  -- One letter is a key the snapshots and the bank can hold: the solutions show it.
  if letters ~ '^[ABCD]$' then
    update public.attempt_questions aq set correct_answer = letters where aq.question_id = regrade_question.question_id;
    update public.questions q set correct_answer = letters where q.id = regrade_question.question_id;
  end if;
  perform private.record_activity('key_corrected', number::text, figures || jsonb_build_object('question_id', regrade_question.question_id),
    exam);
  return figures || jsonb_build_object('outcome', 'applied');
end
$$;
comment on function public.regrade_question(uuid, text, boolean) is
  'Administrators: corrects a question''s key (one letter, several, or * for void) and answers the dry run (submissions, changed, fail_to_pass, pass_to_fail, average_before, average_after); with apply, rescores every submission of the question''s exam whose attempt held the question in one transaction, marks the changed ones regraded and records it. Idempotent.';
revoke all on function public.regrade_question(uuid, text, boolean) from public, anon, authenticated, service_role;
grant execute on function public.regrade_question(uuid, text, boolean) to authenticated, service_role;
