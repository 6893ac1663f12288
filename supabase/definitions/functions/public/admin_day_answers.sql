create or replace function public.admin_day_answers(time_zone text, day date, search text default '', exam_id uuid default null)
returns table (id uuid, answers jsonb)
language sql stable set search_path = ''
as $$
  select r.id, s.answers
    from public.admin_day_results(admin_day_answers.time_zone, admin_day_answers.day, admin_day_answers.search,
                                  admin_day_answers.exam_id) r
    join public.submissions s on s.id = r.id
   order by r.display_order
$$;
comment on function public.admin_day_answers(text, date, text, uuid) is
  'The answers (question number → letter) of admin_day_results'' rows for the same day, search and exam, in its display order. Read in pages.';
revoke all on function public.admin_day_answers(text, date, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_day_answers(text, date, text, uuid) to authenticated, service_role;
