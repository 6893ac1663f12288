-- What a device is answered for its stored submission, the first time and on every retry of the
-- same id.
-- plpgsql rather than SQL: every submission calls it, and plpgsql keeps its plans for the
-- connection's life, where a SQL function with a SET clause is planned anew in every transaction
-- (before PostgreSQL 18; docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function public.submission_receipt(s public.submissions) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  return jsonb_build_object(
    'outcome', 'accepted',
    'submission_id', s.id,
    'score', s.score,
    'total', s.question_count,
    'received_at', s.received_at,
    'answers_fingerprint', s.answers_fingerprint);
end
$$;
revoke all on function public.submission_receipt(public.submissions) from public, anon, authenticated, service_role;
grant execute on function public.submission_receipt(public.submissions) to service_role;
