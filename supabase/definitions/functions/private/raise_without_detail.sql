create or replace function private.raise_without_detail(sql_state text, message text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  raise exception using errcode = sql_state, message = message;
end
$$;
comment on function private.raise_without_detail(text, text) is
  'Raises an error again with its SQLSTATE and message only: a DETAIL can hold row data (a failing row''s computed score).';
revoke all on function private.raise_without_detail(text, text) from public, anon, authenticated, service_role;
