-- A code's extra minutes move the deadlines of its attempts (docs/product.md#extra-time). More
-- extra time for a code whose exam is over (deadline plus 2 minutes of grace passed, no
-- submission) is refused once solutions of its exam have been shown since it started: its student
-- may have read the key, and a reopened exam would take it as in time. Another exam's solutions
-- show other questions. A code used by a submission from the server's copy is not settled (its
-- device's own submission made in time replaces it, private.claim_login_code), so it counts as
-- unused here: more time would make the device's submission of the key "in time". Less extra time
-- reopens nothing and still moves the deadline.
create or replace function private.shift_attempt_deadlines() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if new.extra_minutes > old.extra_minutes
     and (not new.is_used
          or exists (select 1 from public.submissions s
                      where s.login_code = new.code and s.from_server_copy and s.voided_at is null))
     and exists (select 1 from public.exam_attempts a
                  where a.login_code = new.code
                    and a.deadline + interval '2 minutes' < now()
                    and private.solutions_shown_since(new.exam_id, a.started_at)) then
    -- The Login Code Manager shows this text as it is.
    perform private.invalid_argument(
      'The solutions of this exam have been shown, so extra time can no longer reopen this student''s exam.');
  end if;
  update public.exam_attempts a
     set deadline = a.deadline + make_interval(mins => new.extra_minutes - old.extra_minutes)
   where a.login_code = new.code;
  return null;
end
$$;
comment on function private.shift_attempt_deadlines() is 'Moves the deadlines of a code''s attempts when its extra minutes change; refuses more extra time for an unused code (or one used by a submission from the server''s copy) whose exam is over once solutions of its exam have been shown since it started.';
revoke all on function private.shift_attempt_deadlines() from public, anon, authenticated, service_role;
