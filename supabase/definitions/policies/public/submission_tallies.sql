drop policy if exists "Admins can read submission tallies" on public.submission_tallies;
create policy "Admins can read submission tallies" on public.submission_tallies
  for select to authenticated using ((select public.is_admin()));
