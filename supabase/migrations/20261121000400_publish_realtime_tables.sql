-- Realtime: the admin screens follow submissions, login codes, questions and exam schedules
-- live. Supabase Realtime emits postgres_changes for the tables of the supabase_realtime
-- publication (and checks each row against the subscriber's row-level security first).
-- Hosted projects already have the publication; plain PostgreSQL and PGlite get it here.
-- A table that is already published (e.g. switched on in the dashboard) is left as it is.

do $$
declare
  published text;
begin
  if not exists (select 1 from pg_catalog.pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach published in array array['submissions', 'login_codes', 'questions', 'exam_schedule'] loop
    if not exists (
      select 1 from pg_catalog.pg_publication_tables
       where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = published
    ) then
      execute format('alter publication supabase_realtime add table public.%I', published);
    end if;
  end loop;
end
$$;
