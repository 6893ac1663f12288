drop policy if exists "Admins can read attempt notes" on public.attempt_notes;
create policy "Admins can read attempt notes" on public.attempt_notes
  for select to authenticated using ((select public.is_admin()));
