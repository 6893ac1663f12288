create or replace function private.request_client_id() returns text
language plpgsql stable set search_path = ''
as $$
begin
  return left(btrim(coalesce(nullif(current_setting('request.headers', true), '')::jsonb ->> 'x-holdfast-client', '')), 64);
end
$$;
comment on function private.request_client_id() is 'The student app''s per-browser id of this API request (header x-holdfast-client), or empty: the address''s unnamed client.';
revoke all on function private.request_client_id() from public, anon, authenticated, service_role;
