-- Whether an answer earns the point under a key entry: '*' counts for everyone.
create or replace function private.key_accepts(accepted text, answer text) returns boolean
language sql immutable set search_path = ''
as $$
  select accepted = '*' or (answer is not null and answer ~ '^[ABCD]$' and strpos(accepted, answer) > 0)
$$;
revoke all on function private.key_accepts(text, text) from public, anon, authenticated, service_role;
