create or replace function private.score_against_key(answers jsonb, served_key jsonb) returns integer
language sql immutable set search_path = ''
as $$
  select count(*)::integer from jsonb_each_text(served_key) k where private.key_accepts(k.value, answers ->> k.key)
$$;
revoke all on function private.score_against_key(jsonb, jsonb) from public, anon, authenticated, service_role;
