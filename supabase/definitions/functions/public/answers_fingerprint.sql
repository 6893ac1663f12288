-- A short fingerprint of a submission's answers (SHA-256 of the canonical answers, 12 hex
-- characters), the same as src/domain/answers-fingerprint.ts computes on the device: student and
-- administrator compare it to see that what arrived is what was sent.
-- plpgsql rather than SQL: every submission calls it, and plpgsql keeps its plans for the
-- connection's life, where a SQL function with a SET clause is planned anew in every transaction
-- (before PostgreSQL 18; docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function public.answers_fingerprint(answers jsonb) returns text
language plpgsql immutable set search_path = ''
as $$
begin
  -- The app computes the same on the device.
  return left(encode(sha256(convert_to(private.answers_canonical(answers_fingerprint.answers), 'UTF8')), 'hex'), 12);
end
$$;
revoke all on function public.answers_fingerprint(jsonb) from public, anon, authenticated, service_role;
grant execute on function public.answers_fingerprint(jsonb) to service_role;
