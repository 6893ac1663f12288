drop policy if exists "Admins can read attempt moves" on public.attempt_moves;
create policy "Admins can read attempt moves" on public.attempt_moves
  for select to authenticated using ((select public.is_admin()));
