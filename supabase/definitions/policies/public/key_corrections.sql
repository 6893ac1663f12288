drop policy if exists "Admins can read key corrections" on public.key_corrections;
create policy "Admins can read key corrections" on public.key_corrections
  for select to authenticated using ((select public.is_admin()));
