-- Test Results' score distribution chart of a day: how many of the day's submissions that match
-- the search fall in each 10 % band of the percentage, counted in SQL, so that a day of 1,500
-- students costs the chart ten numbers instead of every row.
--
-- Runs as the caller over public.admin_day_results (the same day and search), so row-level
-- security stays the guard: anyone but an administrator counts nothing.

create function public.admin_day_score_bands(time_zone text, day date, search text default '')
returns table (band integer, submissions bigint)
language sql stable
as $$
  -- Every band, empty ones too. The percentage is out of the exam size (src/domain/score.ts,
  -- as public.passes), and 100 % joins the 90-99 % band.
  select b.band, count(r.id)
    from pg_catalog.generate_series(0, 9) as b(band)
    left join public.admin_day_results(admin_day_score_bands.time_zone, admin_day_score_bands.day, admin_day_score_bands.search) r
      on least(9, floor(round(r.score * 100.0 / 50) / 10))::integer = b.band
   group by b.band
   order by b.band
$$;
comment on function public.admin_day_score_bands(text, date, text) is
  'Test Results'' score distribution: per 10 % band (0 for 0-9 % … 9 for 90-100 %), how many of one local day''s submissions matching the search fall in it.';
revoke execute on function public.admin_day_score_bands(text, date, text) from public, anon;
grant execute on function public.admin_day_score_bands(text, date, text) to authenticated, service_role;
