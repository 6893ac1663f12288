create or replace function public.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1
      from public.admin_users au
      join auth.sessions s on s.user_id = au.user_id
     where au.user_id = (select auth.uid())
       and s.id::text = (select auth.jwt() ->> 'session_id')
  )
$$;
comment on function public.is_admin() is
  'True when the signed-in user of this request is an administrator and the token''s session has not ended (signed out).';
revoke all on function public.is_admin() from public, anon, authenticated, service_role;
grant execute on function public.is_admin() to authenticated, service_role;
