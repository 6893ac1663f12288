drop policy if exists "Admins can read submissions" on public.submissions;
create policy "Admins can read submissions" on public.submissions
  for select to authenticated using ((select public.is_admin()));
