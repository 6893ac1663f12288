-- An exam's questions go 24 hours after that exam is over for everyone: its last sitting closed,
-- moved by the largest extra time of its codes, plus the 2 minutes of grace; never while one of
-- its active sittings is open (docs/product.md#retention; public.apply_retention runs it hourly).
-- That is when its solutions are released (private.solutions_release_at) at the latest, and they
-- are shown for 24 hours from then: the snapshots they are listed from stay until the last of them
-- can be read. Each exam is judged on its own sittings: another exam's window neither deletes its
-- questions nor keeps them. Each attempt's snapshot of the exam, taken up to that window, goes with
-- them, and so does the server's copy of each attempt's answers and flags (the student's answers
-- during the exam, kept for the answer file's check, a resume and the server's submission);
-- submissions stay, with the key they were scored against (served_key).
create or replace function private.apply_retention() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  exam record;
  deleted integer;
  total integer := 0;
begin
  for exam in
    -- Any window that has closed counts, even if its sitting was switched off afterwards.
    select es.exam_id, max(es.end_time) as last_closed
      from public.exam_schedule es
     where es.end_time <= now()
     group by es.exam_id
    -- A deadline in a sitting is at most its window's end moved by its code's extra minutes
    -- (private.start_exam_attempt, private.shift_attempt_deadlines).
    having max(es.end_time) + make_interval(mins => coalesce((select max(lc.extra_minutes) from public.login_codes lc
                                                               where lc.exam_id = es.exam_id), 0))
           <= now() - interval '24 hours' - interval '2 minutes'
       and not exists (select 1 from public.exam_schedule o
                        where o.exam_id = es.exam_id and o.is_active and o.end_time > now())
     order by es.exam_id
  loop
    delete from public.attempt_questions aq
     using public.login_codes lc
     where lc.code = aq.login_code and lc.exam_id = exam.exam_id and aq.taken_at <= exam.last_closed;
    update public.exam_attempts a set reported_answers = null, reported_flags = null
     where a.exam_id = exam.exam_id and a.started_at <= exam.last_closed
       and (a.reported_answers is not null or a.reported_flags is not null);
    delete from public.questions q where q.exam_id = exam.exam_id and q.created_at <= exam.last_closed;
    get diagnostics deleted = row_count;
    total := total + deleted;
  end loop;
  return total;
end
$$;
comment on function private.apply_retention() is
  'Deletes each exam''s questions, the attempts'' snapshots of them and the server''s copies of the attempts'' answers and flags 24 hours after that exam is over for everyone (its last sitting closed, moved by its codes'' largest extra time, plus 2 minutes of grace; none while one of its active sittings is open), when its solutions are no longer shown; answers how many questions.';
revoke all on function private.apply_retention() from public, anon, authenticated, service_role;
grant execute on function private.apply_retention() to service_role;
