-- A student's attempt moved to a new device with the proctor's resume PIN
-- (docs/product.md#resume-on-another-device): the device whose attempt is live is lost, so the new
-- device gets the same exam (the code's snapshot in the same order, the same deadline) and the
-- server's copy of the answers and flags, as a new attempt (attempt_id) of the same code, exam and
-- sitting that says where it came from (moved_from). The code's live attempts become 'moved': their
-- devices are told so at their next report, and whichever device submits first is the code's
-- submission, as ever. The PIN is the one unexpired, unused, unspent PIN offered for the code
-- (admin_offer_attempt_move), compared as its keyed hash, computed whether or not one exists so
-- every wrong try takes the same path; a wrong one counts against it (spent after 5) and, in
-- public.resume_exam_attempt, as a failed code guess of the address. The same attempt id asking
-- again (a lost answer) gets its exam and the current copy without a PIN: knowing the attempt's id
-- and code proves it.
create or replace function private.resume_exam_attempt(code text, pin text, attempt_id uuid) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  login public.login_codes;
  exam public.exams;
  schedule public.exam_schedule;
  attempt public.exam_attempts;
  source public.exam_attempts;
  offer public.attempt_moves;
  given_hash bytea;
begin
  if resume_exam_attempt.attempt_id is null then
    perform private.invalid_argument('attempt_id is required');
  end if;
  -- Locked, as exam_questions and submissions lock it, so a move and a start or a submission of
  -- the same code queue.
  select * into login from public.login_codes lc where lc.code = private.stored_login_code(resume_exam_attempt.code) for update;
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if login.is_used then
    return jsonb_build_object('outcome', 'used');
  end if;
  select * into exam from public.exams e where e.id = login.exam_id;
  schedule := private.current_sitting(login.exam_id, login.extra_minutes);

  select a.* into attempt from public.exam_attempts a where a.id = resume_exam_attempt.attempt_id;
  if found then
    if attempt.login_code <> login.code then
      perform private.invalid_argument('attempt id belongs to another login code');
    end if;
    if attempt.state in ('in_progress', 'submitted_on_device') and attempt.deadline + interval '2 minutes' >= now() then
      return private.served_exam(login, exam, schedule, attempt) || private.restored_copy(attempt);
    end if;
    -- This id's attempt is over or moved away: a device that resumes again does so under a new id.
    return jsonb_build_object('outcome', case when attempt.deadline + interval '2 minutes' < now() then 'time_over'
                                              else 'not_in_progress' end);
  end if;

  -- The copy to continue from: of the live attempts (one, unless an older app started two), the
  -- one the server heard from last.
  select a.* into source from private.live_attempts(login.code) a
   order by a.reported_answers_at desc nulls last, a.last_seen desc, a.id limit 1;
  if not found then
    if exists (select 1 from public.exam_attempts a where a.login_code = login.code and a.deadline + interval '2 minutes' < now()) then
      return jsonb_build_object('outcome', 'time_over');
    end if;
    return jsonb_build_object('outcome', 'not_in_progress');
  end if;

  given_hash := private.resume_pin_hash(login.code, regexp_replace(coalesce(resume_exam_attempt.pin, ''), '\s', '', 'g'));
  select m.* into offer from public.attempt_moves m
   where m.login_code = login.code and m.used_at is null and m.expires_at > now() and m.wrong_tries < 5
   order by m.offered_at desc limit 1
     for update;
  if offer.id is null or offer.pin_hash <> given_hash then
    update public.attempt_moves m set wrong_tries = m.wrong_tries + 1 where m.id = offer.id;
    return jsonb_build_object('outcome', 'wrong_pin');
  end if;

  insert into public.exam_attempts
    (id, login_code, exam_id, sitting_id, student_name, deadline, question_count, answered_count, tab_switches,
     reported_answers, reported_answers_at, reported_answers_received_at, reported_flags, moved_from)
  values (resume_exam_attempt.attempt_id, login.code, source.exam_id, source.sitting_id, source.student_name,
          source.deadline, source.question_count,
          least(source.question_count, (select count(*) from jsonb_object_keys(coalesce(source.reported_answers, '{}'::jsonb)))),
          (select max(a.tab_switches) from public.exam_attempts a where a.login_code = login.code),
          source.reported_answers, source.reported_answers_at, source.reported_answers_received_at, source.reported_flags,
          source.id)
  returning * into attempt;
  update public.exam_attempts a
     set state = 'moved', moved_to = attempt.id, moved_at = now()
   where a.id in (select l.id from private.live_attempts(login.code) l where l.id <> attempt.id);
  update public.attempt_moves m set used_at = now(), to_attempt_id = attempt.id where m.id = offer.id;
  perform private.record_activity('attempt_moved', login.code,
    jsonb_build_object('from_attempt_id', source.id, 'to_attempt_id', attempt.id, 'student_name', source.student_name,
                       'offered_by', offer.offered_by, 'answers_restored',
                       (select count(*) from jsonb_object_keys(coalesce(source.reported_answers, '{}'::jsonb)))),
    login.exam_id);
  return private.served_exam(login, exam, schedule, attempt) || private.restored_copy(attempt);
end
$$;
comment on function private.resume_exam_attempt(text, text, uuid) is
  'Moves the code''s live attempt to a new device (attempt_id) with the proctor''s resume PIN: ok with exam_questions'' fields, student_name and restored {answers, flags, saved_at} (the server''s copy), the live attempts marked moved and the move logged (attempt_moved); again ok for the same attempt_id without a PIN; else wrong_pin (counted against the PIN, spent after 5), invalid, used, time_over or not_in_progress.';
revoke all on function private.resume_exam_attempt(text, text, uuid) from public, anon, authenticated, service_role;
