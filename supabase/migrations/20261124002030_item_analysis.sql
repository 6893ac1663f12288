-- Item analysis (issue 15): which questions were bad, for a day or a schedule.
--
-- Each submission keeps the answer key it was scored against (served_key: question number →
-- correct letter), taken when it is stored from its code's snapshot (public.attempt_questions,
-- migration 20261124001000), else from the bank's usable questions 1 to 50, as record_submission
-- scores it. Snapshots and questions go 24 hours after the exam (the retention job); the key kept
-- with the submission (letters only, no question text) lets the analysis be computed as long as
-- the submissions are kept. A BEFORE INSERT trigger takes it, so every path that stores a
-- submission (submit_exam, an answer file, an administrator's insert) records it.
--
-- admin_item_analysis computes, over the submissions of the scope that are not voided, with each
-- submission's total the number of its served questions answered as its key says:
--   per question: how many were served it, the facility (share correct), the discrimination as the
--   difference of the facility in the upper and the lower 27 % by total (round(0.27 N) students
--   each, ties at the cut broken by the submission id), the point-biserial correlation of the
--   question with the total (null when either does not vary), how many chose each option and how
--   many left it blank, and the flags: too_easy (facility > 0.95), too_hard (< 0.20),
--   negative_discrimination (either index below 0), unchosen_option (an option nobody chose);
--   for the exam: the students, the questions, the mean and the standard deviation of the totals
--   (of the population) and KR-20 = k / (k - 1) × (1 − Σ p q / variance of the totals).

alter table public.submissions add column served_key jsonb check (jsonb_typeof(served_key) = 'object');
comment on column public.submissions.served_key is
  'The answer key the submission was scored against (question number → correct letter), from its code''s snapshot or the bank when stored: item analysis reads it after the questions are gone.';

create function private.record_served_key() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if new.served_key is null then
    new.served_key := coalesce(
      (select jsonb_object_agg(aq.question_number::text, aq.correct_answer)
         from public.attempt_questions aq where aq.login_code = new.login_code),
      (select jsonb_object_agg(q.question_number::text, q.correct_answer)
         from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50),
      '{}'::jsonb);
  end if;
  return new;
end
$$;
comment on function private.record_served_key() is
  'Keeps with a new submission the answer key it is scored against: its code''s snapshot, else the bank''s usable questions 1 to 50.';
revoke execute on function private.record_served_key() from public, anon, authenticated, service_role;

create trigger submissions_record_served_key
  before insert on public.submissions
  for each row execute function private.record_served_key();

-- Submissions from before: the key of their code's snapshot where it is still kept.
update public.submissions s
   set served_key = (select jsonb_object_agg(aq.question_number::text, aq.correct_answer)
                       from public.attempt_questions aq where aq.login_code = s.login_code)
 where s.served_key is null
   and exists (select 1 from public.attempt_questions aq where aq.login_code = s.login_code);

create function public.admin_item_analysis(time_zone text, day date default null, schedule_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  schedule public.exam_schedule;
  scope_from timestamptz;
  scope_to timestamptz;
begin
  perform private.require_admin();
  if (admin_item_analysis.day is null) = (admin_item_analysis.schedule_id is null) then
    perform private.invalid_argument('give either a day or a schedule');
  end if;
  if admin_item_analysis.day is not null then
    scope_from := admin_item_analysis.day::timestamp at time zone admin_item_analysis.time_zone;
    scope_to := (admin_item_analysis.day + 1)::timestamp at time zone admin_item_analysis.time_zone;
  else
    select * into schedule from public.exam_schedule es where es.id = admin_item_analysis.schedule_id;
    if not found then
      perform private.invalid_argument('no such schedule');
    end if;
    -- A schedule's submissions: made from its start (2 minutes of grace) to its end plus the most
    -- extra time a code may have (180 minutes) and the grace.
    scope_from := schedule.start_time - interval '2 minutes';
    scope_to := schedule.end_time + interval '182 minutes';
  end if;
  return (
  with scoped as (
    select s.id, s.answers, s.served_key
      from public.submissions s
     where s.submitted_at >= scope_from and s.submitted_at < scope_to
       and s.voided_at is null and s.served_key is not null and s.served_key <> '{}'::jsonb
  ), items as (
    select sc.id, k.key::integer as question_number, k.value as correct_answer, sc.answers ->> k.key as chosen,
           (sc.answers ->> k.key) is not distinct from k.value as correct
      from scoped sc, jsonb_each_text(sc.served_key) k
  ), totals as (
    select i.id, count(*) filter (where i.correct) as total from items i group by i.id
  ), ranked as (
    select t.id, t.total,
           row_number() over (order by t.total desc, t.id) as from_top,
           row_number() over (order by t.total, t.id) as from_bottom,
           greatest(1, round(0.27 * count(*) over ()))::integer as group_size
      from totals t
  ), per_question as (
    select i.question_number,
           count(*) as served,
           avg(i.correct::integer) as facility,
           avg(i.correct::integer) filter (where r.from_top <= r.group_size) as upper_facility,
           avg(i.correct::integer) filter (where r.from_bottom <= r.group_size) as lower_facility,
           corr(i.correct::integer, r.total) as point_biserial,
           count(*) filter (where i.chosen = 'A') as chose_a,
           count(*) filter (where i.chosen = 'B') as chose_b,
           count(*) filter (where i.chosen = 'C') as chose_c,
           count(*) filter (where i.chosen = 'D') as chose_d,
           count(*) filter (where i.chosen is null) as blank,
           -- The key most submissions were scored against (one unless it was changed between them).
           mode() within group (order by i.correct_answer) as correct_answer
      from items i join ranked r on r.id = i.id
     group by i.question_number
  ), described as (
    select q.*, q.upper_facility - q.lower_facility as discrimination
      from per_question q
  ), exam as (
    select count(*) as students, avg(r.total) as mean, stddev_pop(r.total) as standard_deviation,
           var_pop(r.total) as variance
      from ranked r
  )
  select jsonb_build_object(
    'students', e.students,
    'questions', (select count(*) from described),
    'mean', round(e.mean, 4),
    'standard_deviation', round(e.standard_deviation, 4),
    'kr20', case when (select count(*) from described) > 1 and e.variance > 0
                 then round(((select count(*) from described)::numeric / ((select count(*) from described) - 1))
                            * (1 - (select sum(d.facility * (1 - d.facility)) from described d) / e.variance), 4) end,
    'items', (select coalesce(jsonb_agg(jsonb_build_object(
                'question_number', d.question_number,
                'correct_answer', d.correct_answer,
                'served', d.served,
                'facility', round(d.facility, 4),
                'discrimination', round(d.discrimination, 4),
                'point_biserial', round(d.point_biserial::numeric, 4),
                'options', jsonb_build_object('A', d.chose_a, 'B', d.chose_b, 'C', d.chose_c, 'D', d.chose_d),
                'blank', d.blank,
                'flags', to_jsonb(array_remove(array[
                   case when d.facility > 0.95 then 'too_easy' end,
                   case when d.facility < 0.20 then 'too_hard' end,
                   case when d.discrimination < 0 or d.point_biserial < 0 then 'negative_discrimination' end,
                   case when least(d.chose_a, d.chose_b, d.chose_c, d.chose_d) = 0 then 'unchosen_option' end], null)))
              order by d.question_number), '[]'::jsonb) from described d))
    from exam e);
end
$$;
comment on function public.admin_item_analysis(text, date, uuid) is
  'Administrators: item analysis of a local day''s or a schedule''s submissions that are not voided, from the key each was scored against: per question facility, upper/lower 27 % discrimination, point-biserial, option counts and flags; for the exam students, mean, standard deviation and KR-20.';
revoke execute on function public.admin_item_analysis(text, date, uuid) from public, anon;
grant execute on function public.admin_item_analysis(text, date, uuid) to authenticated, service_role;
