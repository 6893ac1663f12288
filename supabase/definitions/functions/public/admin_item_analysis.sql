-- Within one exam (exam_id, or the schedule's exam), so an exam lists only its own questions; a day
-- without an exam is every exam's submissions of that day.
create or replace function public.admin_item_analysis(time_zone text, day date default null, schedule_id uuid default null,
                                                      exam_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  schedule public.exam_schedule;
  scope_from timestamptz;
  scope_to timestamptz;
  exam uuid := admin_item_analysis.exam_id;
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
    if exam is not null and exam <> schedule.exam_id then
      perform private.invalid_argument('the schedule is not a sitting of that exam');
    end if;
    exam := schedule.exam_id;
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
       and (exam is null or s.exam_id = exam)
  ), items as (
    -- Right as the score counts it: a corrected key may accept several letters ('BC'), or void the
    -- question ('*', right for everyone); that key is the correct answer reported.
    select sc.id, k.key::integer as question_number, k.value as correct_answer, sc.answers ->> k.key as chosen,
           private.key_accepts(k.value, sc.answers ->> k.key) as correct
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
comment on function public.admin_item_analysis(text, date, uuid, uuid) is
  'Administrators: item analysis of a local day''s or a schedule''s submissions that are not voided (of one exam: the one given or the schedule''s; a day without one, every exam''s), from the key each was scored against (correct_answer: its letter, the letters a corrected key accepts, or * for a voided question): per question facility, upper/lower 27 % discrimination, point-biserial, option counts and flags; for the exam students, mean, standard deviation and KR-20.';
revoke all on function public.admin_item_analysis(text, date, uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_item_analysis(text, date, uuid, uuid) to authenticated, service_role;
