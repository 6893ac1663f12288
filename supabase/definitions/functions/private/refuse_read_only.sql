create or replace function private.refuse_read_only() returns void
language plpgsql stable set search_path = ''
as $$
begin
  if current_setting('transaction_read_only') = 'on' then
    raise exception 'student functions are called with POST' using errcode = '25006';
  end if;
end
$$;
comment on function private.refuse_read_only() is
  'Refuses a call in a read-only transaction (PostgREST''s GET and HEAD), the same way whatever its arguments.';
revoke all on function private.refuse_read_only() from public, anon, authenticated, service_role;
