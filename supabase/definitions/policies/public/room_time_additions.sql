drop policy if exists "Admins can read room time additions" on public.room_time_additions;
create policy "Admins can read room time additions" on public.room_time_additions
  for select to authenticated using ((select public.is_admin()));
