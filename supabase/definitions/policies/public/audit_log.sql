drop policy if exists "Admins can read the activity log" on public.audit_log;
create policy "Admins can read the activity log" on public.audit_log
  for select to authenticated using ((select public.is_admin()));
