drop policy if exists "Visitors can read active exam schedules" on public.exam_schedule;
create policy "Visitors can read active exam schedules" on public.exam_schedule
  for select to anon using (is_active);

drop policy if exists "Admins can read exam schedules" on public.exam_schedule;
create policy "Admins can read exam schedules" on public.exam_schedule
  for select to authenticated using ((select public.is_admin()));

drop policy if exists "Admins can create exam schedules" on public.exam_schedule;
create policy "Admins can create exam schedules" on public.exam_schedule
  for insert to authenticated with check ((select public.is_admin()));

drop policy if exists "Admins can update exam schedules" on public.exam_schedule;
create policy "Admins can update exam schedules" on public.exam_schedule
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

drop policy if exists "Admins can delete exam schedules" on public.exam_schedule;
create policy "Admins can delete exam schedules" on public.exam_schedule
  for delete to authenticated using ((select public.is_admin()));
