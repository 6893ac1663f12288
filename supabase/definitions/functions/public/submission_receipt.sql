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
