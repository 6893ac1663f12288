drop policy if exists "Admins can see who the admins are" on public.admin_users;
create policy "Admins can see who the admins are" on public.admin_users
  for select to authenticated using ((select public.is_admin()));
