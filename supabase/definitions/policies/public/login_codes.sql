drop policy if exists "Admins can read login codes" on public.login_codes;
create policy "Admins can read login codes" on public.login_codes
  for select to authenticated using ((select public.is_admin()));

drop policy if exists "Admins can create login codes" on public.login_codes;
create policy "Admins can create login codes" on public.login_codes
  for insert to authenticated with check ((select public.is_admin()));

drop policy if exists "Admins can update login codes" on public.login_codes;
create policy "Admins can update login codes" on public.login_codes
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

drop policy if exists "Admins can delete login codes" on public.login_codes;
create policy "Admins can delete login codes" on public.login_codes
  for delete to authenticated using ((select public.is_admin()));
