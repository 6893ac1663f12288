create or replace function private.invalid_argument(message text) returns void
language plpgsql volatile set search_path = ''
as $$
begin
  raise exception using errcode = '22023', message = message;
end
$$;
comment on function private.invalid_argument(text) is 'Refuses a call''s argument with our own message (SQLSTATE 22023, HTTP 400).';
revoke all on function private.invalid_argument(text) from public, anon, authenticated, service_role;
