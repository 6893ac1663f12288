-- lookup_result's second step: the solutions are the exam the code was given, its snapshot (a code
-- never started has none: the bank may hold another exam by then; once the clean-up took a
-- started code's there is none to list). They are held until every attempt that could still be
-- written is over, so nobody still writing can read the key (private.solutions_release_at;
-- docs/product.md#results-and-solutions), with the time they come when it is known, then listed for
-- 24 hours from that release (until shown_until), whenever the student submitted: an early
-- submitter in a week-long window gets them once the window closed.
create or replace function private.solutions_availability(
  submission public.submissions,
  out available boolean,
  out held boolean,
  out held_until timestamptz,
  out shown_until timestamptz
)
language plpgsql stable set search_path = ''
as $$
declare
  has_snapshot boolean;
  release_at timestamptz;
begin
  has_snapshot := exists (select 1 from public.attempt_questions aq where aq.login_code = solutions_availability.submission.login_code);
  release_at := private.solutions_release_at(solutions_availability.submission);
  available := has_snapshot and coalesce(now() >= release_at and now() < release_at + interval '24 hours', false);
  held := has_snapshot and coalesce(now() < release_at, true);
  held_until := case when held then release_at end;
  shown_until := case when available then release_at + interval '24 hours' end;
end
$$;
comment on function private.solutions_availability(public.submissions) is
  'lookup_result''s second step: whether a submission''s solutions are shown now (available, for 24 hours from their release, until shown_until), or held back for the rest of the room (held, until held_until when that time is known).';
revoke all on function private.solutions_availability(public.submissions) from public, anon, authenticated, service_role;
