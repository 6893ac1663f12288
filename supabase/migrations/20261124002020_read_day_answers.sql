-- Test Results' "Export CSV" (issue 15) can add a column per question with the letter each student
-- chose. admin_day_results leaves the answers out (the screen's pages stay small); this reads them
-- for the same rows in the same order, a page at a time, as the caller under row-level security
-- (anyone but an administrator reads nothing), like admin_day_results itself.

create function public.admin_day_answers(time_zone text, day date, search text default '')
returns table (id uuid, answers jsonb)
language sql stable
as $$
  select r.id, s.answers
    from public.admin_day_results(admin_day_answers.time_zone, admin_day_answers.day, admin_day_answers.search) r
    join public.submissions s on s.id = r.id
   order by r.display_order
$$;
comment on function public.admin_day_answers(text, date, text) is
  'The answers (question number → letter) of admin_day_results'' rows for the same day and search, in its display order. Read in pages.';
revoke execute on function public.admin_day_answers(text, date, text) from public, anon;
grant execute on function public.admin_day_answers(text, date, text) to authenticated, service_role;
