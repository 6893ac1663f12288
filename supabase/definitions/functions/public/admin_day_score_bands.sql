create or replace function public.admin_day_score_bands(time_zone text, day date, search text default '', exam_id uuid default null)
returns table (band integer, submissions bigint)
language sql stable set search_path = ''
as $$
  -- Every band, empty ones too. The percentage is out of the questions served (src/domain/score.ts,
  -- as public.passes), and 100 % joins the 90-99 % band. Voided submissions count in none.
  select b.band, count(r.id)
    from pg_catalog.generate_series(0, 9) as b(band)
    left join public.admin_day_results(admin_day_score_bands.time_zone, admin_day_score_bands.day, admin_day_score_bands.search,
                                      admin_day_score_bands.exam_id) r
      on r.voided_at is null and least(9, floor(round(r.score * 100.0 / r.question_count) / 10))::integer = b.band
   group by b.band
   order by b.band
$$;
comment on function public.admin_day_score_bands(text, date, text, uuid) is
  'Test Results'' score distribution: per 10 % band (0 for 0-9 % … 9 for 90-100 %) of the questions served, how many of one local day''s submissions of the exam (or all) matching the search, voided ones left out, fall in it.';
revoke all on function public.admin_day_score_bands(text, date, text, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_day_score_bands(text, date, text, uuid) to authenticated, service_role;
