-- A code's attempts still being written on a device (docs/product.md#resume-on-another-device):
-- in progress or queued on the device, not moved away, and their deadline plus the 2 minutes of
-- grace not passed. Such an attempt keeps its code from being started anew (in_progress_elsewhere:
-- only a proctor's resume PIN moves it), is the one a PIN moves, and may be offered a PIN.
create or replace function private.live_attempts(code text) returns setof public.exam_attempts
language sql stable set search_path = ''
as $$
  select a.* from public.exam_attempts a
   where a.login_code = live_attempts.code
     and a.state in ('in_progress', 'submitted_on_device')
     and a.deadline + interval '2 minutes' >= now()
$$;
comment on function private.live_attempts(text) is
  'The attempts of a (normalised) code still being written: in_progress or submitted_on_device, not moved, deadline plus 2 minutes of grace not passed.';
revoke all on function private.live_attempts(text) from public, anon, authenticated, service_role;
