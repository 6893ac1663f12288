-- lookup_result's second step: the solutions are the exam the code was given, its snapshot (a code
-- never started has none: the bank may hold another exam by then; once the clean-up took a
-- started code's there is none to list, as after 24 hours). They are listed within 24 hours of
-- the submission once every attempt that could still be written is over, so nobody still writing
-- can read the key (private.solutions_release_at; docs/product.md#results-and-solutions); until
-- then they are held, with the time they come when it is known.
create or replace function private.solutions_availability(
  submission public.submissions,
  out available boolean,
  out held boolean,
  out held_until timestamptz
)
language plpgsql stable set search_path = ''
as $$
declare
  within_day boolean;
  release_at timestamptz;
begin
  within_day := solutions_availability.submission.submitted_at >= now() - interval '24 hours'
    and exists (select 1 from public.attempt_questions aq where aq.login_code = solutions_availability.submission.login_code);
  release_at := private.solutions_release_at(solutions_availability.submission);
  available := within_day and coalesce(now() >= release_at, false);
  held := within_day and not available;
  held_until := case when held then release_at end;
end
$$;
comment on function private.solutions_availability(public.submissions) is
  'lookup_result''s second step: whether a submission''s solutions are shown now (available), or held back for the rest of the room (held, until held_until when that time is known).';
revoke all on function private.solutions_availability(public.submissions) from public, anon, authenticated, service_role;
