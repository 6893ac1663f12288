-- The receipt's total is the questions served (it was the answers given).
create or replace function public.submission_receipt(s public.submissions) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'outcome', 'accepted',
    'submission_id', s.id,
    'score', s.score,
    'total', s.question_count,
    'received_at', s.received_at,
    'answers_fingerprint', s.answers_fingerprint)
$$;
revoke all on function public.submission_receipt(public.submissions) from public, anon, authenticated, service_role;
grant execute on function public.submission_receipt(public.submissions) to service_role;
