drop policy if exists "Admins can read exam attempts" on public.exam_attempts;
create policy "Admins can read exam attempts" on public.exam_attempts
  for select to authenticated using ((select public.is_admin()));
