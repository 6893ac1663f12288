drop policy if exists "Admins can read exams" on public.exams;
create policy "Admins can read exams" on public.exams
  for select to authenticated using ((select public.is_admin()));

drop policy if exists "Admins can create exams" on public.exams;
create policy "Admins can create exams" on public.exams
  for insert to authenticated with check ((select public.is_admin()));

drop policy if exists "Admins can update exams" on public.exams;
create policy "Admins can update exams" on public.exams
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

-- Students see the names of the exams whose sittings they see (the login screen names them).
drop policy if exists "Visitors can read exams with an active sitting" on public.exams;
create policy "Visitors can read exams with an active sitting" on public.exams
  for select to anon using (archived_at is null
    and exists (select 1 from public.exam_schedule es where es.exam_id = exams.id and es.is_active));
