-- A code as typed, matched trimmed and in capitals (docs/product.md#login-codes).
-- plpgsql rather than SQL: every submission calls it, and plpgsql keeps its plans for the
-- connection's life, where a SQL function with a SET clause is planned anew in every transaction
-- (before PostgreSQL 18; docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function public.normalize_login_code(code text) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  -- Codes are pasted from messages: strip tabs, line breaks and non-breaking spaces too.
  return upper(regexp_replace(normalize_login_code.code, '^[[:space:]\u00a0]+|[[:space:]\u00a0]+$', '', 'g'));
end
$$;
revoke all on function public.normalize_login_code(text) from public, anon, authenticated, service_role;
grant execute on function public.normalize_login_code(text) to service_role;
