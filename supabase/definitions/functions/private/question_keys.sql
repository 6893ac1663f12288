-- Each question's key by number, as the log keeps it: {"7": "B"}.
create or replace function private.question_keys(numbers integer[], keys text[]) returns jsonb
language sql immutable set search_path = ''
as $$
  select coalesce(jsonb_object_agg(q.number::text, q.key), '{}'::jsonb) from unnest(numbers, keys) as q(number, key)
$$;
revoke all on function private.question_keys(integer[], text[]) from public, anon, authenticated, service_role;
