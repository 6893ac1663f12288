drop policy if exists "Admins can read questions" on public.questions;
create policy "Admins can read questions" on public.questions
  for select to authenticated using ((select public.is_admin()));

drop policy if exists "Admins can create questions" on public.questions;
create policy "Admins can create questions" on public.questions
  for insert to authenticated with check ((select public.is_admin()));

drop policy if exists "Admins can update questions" on public.questions;
create policy "Admins can update questions" on public.questions
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));

drop policy if exists "Admins can delete questions" on public.questions;
create policy "Admins can delete questions" on public.questions
  for delete to authenticated using ((select public.is_admin()));
