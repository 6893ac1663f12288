-- Whether any submission's solutions were first shown at or after `moment`. Any submission, not
-- only one sharing questions with an attempt: there is one question bank, a snapshot may be gone
-- with the clean-up, and solutions are held while any unsubmitted attempt started in the last 24
-- hours is open, so one shown after an attempt's start was shown once its time was over. A key
-- shown before the start could have been reported in time anyway: the in-time copy checks nothing
-- more there.
create or replace function private.solutions_shown_since(moment timestamptz) returns boolean
language sql stable set search_path = ''
as $$
  select exists (select 1 from public.submissions s where s.solutions_shown_at >= solutions_shown_since.moment)
$$;
revoke all on function private.solutions_shown_since(timestamp with time zone) from public, anon, authenticated, service_role;
