-- Answers as "1:A,2:C", by question number: what the answer file's tag and the answers' fingerprint
-- are computed over, on the device as here (src/domain/answers-fingerprint.ts).
-- plpgsql rather than SQL: every submission calls it, and plpgsql keeps its plans for the
-- connection's life, where a SQL function with a SET clause is planned anew in every transaction
-- (before PostgreSQL 18; docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function private.answers_canonical(answers jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  return (select coalesce(string_agg(a.key || ':' || a.value, ',' order by a.key::integer), '')
            from jsonb_each_text(answers_canonical.answers) as a);
end
$$;
revoke all on function private.answers_canonical(jsonb) from public, anon, authenticated, service_role;
