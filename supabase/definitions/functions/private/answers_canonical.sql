create or replace function private.answers_canonical(answers jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return (select coalesce(string_agg(a.key || ':' || a.value, ',' order by a.key::integer), '')
            from jsonb_each_text(answers_canonical.answers) as a);
end
$$;
revoke all on function private.answers_canonical(jsonb) from public, anon, authenticated, service_role;
