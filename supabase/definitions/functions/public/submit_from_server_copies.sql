-- Nobody loses a finished exam to a dead device (docs/product.md#offline-answers-and-answer-files):
-- every attempt still live on its device (in progress or queued there, not moved) whose deadline
-- plus the 2 minutes of grace has passed while its code is unused is submitted from the server's
-- copy (what its device last reported in time; nothing, when it never did), through
-- private.record_submission as a device's submission would be: scored against the code's snapshot,
-- from_server_copy, server_copy_saved_at the copy's report time, made when the time ran out. Of a
-- code with several such attempts (an older app's second start), the copy reported last. Its own
-- submission id, so the device's, made in time and arriving later, is no retry of it but replaces
-- it (private.claim_login_code). Logged per submission (submitted_from_server_copy). Run every
-- minute by pg_cron on hosted Supabase and every 30 s by the local stack's timer; only the service
-- role may. Answers how many it submitted.
create or replace function public.submit_from_server_copies() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  silent record;
  answer jsonb;
  submitted integer := 0;
begin
  for silent in
    select distinct on (a.login_code) a.*
      from public.exam_attempts a
      join public.login_codes lc on lc.code = a.login_code and not lc.is_used
     where a.state in ('in_progress', 'submitted_on_device')
       and a.deadline + interval '2 minutes' < now()
     order by a.login_code, a.reported_answers_at desc nulls last, a.last_seen desc, a.id
  loop
    -- Each on its own: one code the server cannot submit (reported as a warning in the database's
    -- log) must not hold back the others, every run.
    begin
      answer := private.record_submission(
        submission_id => gen_random_uuid(),
        code => silent.login_code,
        -- An attempt from an app that sent no name (before names were asked) still gets its result.
        student_name => coalesce(silent.student_name, 'Unnamed student'),
        answers => coalesce(silent.reported_answers, '{}'::jsonb),
        tab_switches => silent.tab_switches,
        time_taken => least(86400, greatest(0, floor(extract(epoch from silent.deadline - silent.started_at))))::integer,
        started_at => silent.started_at,
        submitted_at => silent.deadline,
        recovered_from_file => false,
        from_server_copy => true,
        server_copy_saved_at => silent.reported_answers_at);
      if answer ->> 'outcome' = 'accepted' then
        perform private.record_activity('submitted_from_server_copy', silent.login_code,
          jsonb_build_object('submission_id', answer ->> 'submission_id', 'attempt_id', silent.id,
                             'student_name', silent.student_name, 'server_copy_saved_at', silent.reported_answers_at,
                             'answers', (select count(*) from jsonb_object_keys(coalesce(silent.reported_answers, '{}'::jsonb)))),
          silent.exam_id);
        submitted := submitted + 1;
      end if;
    exception when others then
      raise warning 'Holdfast could not submit the server''s copy of login code %: %', silent.login_code, sqlerrm;
    end;
  end loop;
  return submitted;
end
$$;
comment on function public.submit_from_server_copies() is
  'Submits from the server''s copy (reported_answers, none when never reported) every live attempt (in_progress or submitted_on_device, not moved) of an unused code whose deadline plus 2 minutes of grace has passed: scored as usual, from_server_copy, server_copy_saved_at, logged as submitted_from_server_copy; answers how many. Service role only (pg_cron every minute; the local stack every 30 s).';
revoke all on function public.submit_from_server_copies() from public, anon, authenticated, service_role;
grant execute on function public.submit_from_server_copies() to service_role;
