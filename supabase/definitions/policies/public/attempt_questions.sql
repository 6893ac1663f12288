drop policy if exists "Admins can read attempt questions" on public.attempt_questions;
create policy "Admins can read attempt questions" on public.attempt_questions
  for select to authenticated using ((select public.is_admin()));
