-- The browser the code-guessing limit counts apart from the rest of its address
-- (docs/security.md#the-code-guessing-limit): a random id the student app keeps in localStorage.
-- plpgsql rather than SQL: every submission calls it, and plpgsql keeps its plans for the
-- connection's life, where a SQL function with a SET clause is planned anew in every transaction
-- (before PostgreSQL 18; docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function private.request_client_id() returns text
language plpgsql stable set search_path = ''
as $$
begin
  return left(btrim(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-holdfast-client', '')), 64);
end
$$;
comment on function private.request_client_id() is 'The student app''s per-browser id of this API request (header x-holdfast-client), or empty: the address''s unnamed client.';
revoke all on function private.request_client_id() from public, anon, authenticated, service_role;
