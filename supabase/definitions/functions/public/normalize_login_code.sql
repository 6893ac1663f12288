create or replace function public.normalize_login_code(code text) returns text
language sql immutable set search_path = ''
as $$
  -- Codes are pasted from messages: strip tabs, line breaks and non-breaking spaces too.
  select upper(regexp_replace(code, '^[[:space:]\u00a0]+|[[:space:]\u00a0]+$', '', 'g'))
$$;
revoke all on function public.normalize_login_code(text) from public, anon, authenticated, service_role;
grant execute on function public.normalize_login_code(text) to service_role;
