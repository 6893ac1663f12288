create or replace function public.admin_results_summary(time_zone text, search text default '', day date default null,
                                                        exam_id uuid default null)
returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
  with days as (
    select * from private.submission_days(admin_results_summary.time_zone, admin_results_summary.search,
                                          admin_results_summary.exam_id)
  ), shown as (
    select * from days d
     where (d.matching > 0 or d.voided > 0) and (admin_results_summary.day is null or d.day = admin_results_summary.day)
  )
  select jsonb_build_object(
    'all_total', (select coalesce(sum(d.submissions), 0) from days d),
    'total', (select coalesce(sum(s.matching), 0) from shown s),
    'score_sum', (select coalesce(sum(s.score_sum), 0) from shown s),
    'question_sum', (select coalesce(sum(s.question_sum), 0) from shown s),
    'passed', (select coalesce(sum(s.passed), 0) from shown s),
    'voided', (select coalesce(sum(s.voided), 0) from shown s),
    'days', (select coalesce(jsonb_agg(jsonb_build_object('day', s.day, 'total', s.matching, 'score_sum', s.score_sum,
                                                          'question_sum', s.question_sum, 'passed', s.passed,
                                                          'voided', s.voided)
                                       order by s.day desc), '[]'::jsonb)
               from shown s),
    'day_choices', (select coalesce(jsonb_agg(d.day order by d.day desc), '[]'::jsonb) from days d)));
end
$$;
comment on function public.admin_results_summary(text, text, date, uuid) is
  'Test Results before any row, within one exam (or all when exam_id is null): the cards (total, score sum, questions served, passed; voided submissions left out and counted apart) and the day groups for the search and day chosen, every day with submissions, and the unfiltered total.';
revoke all on function public.admin_results_summary(text, text, date, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_results_summary(text, text, date, uuid) to authenticated, service_role;
