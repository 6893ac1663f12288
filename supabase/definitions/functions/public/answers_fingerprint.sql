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
