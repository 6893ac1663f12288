-- What students may do, as SECURITY DEFINER functions with an empty search_path: students
-- never read login_codes, questions or submissions directly. Business outcomes come back as
-- values ({"outcome": ...}) that the app maps to the spec's exact messages; malformed input
-- raises an error and changes nothing.

create function public.active_exam_schedule() returns setof public.exam_schedule
language sql stable security definer set search_path = ''
as $$
  select * from public.exam_schedule where is_active order by created_at desc limit 1
$$;
comment on function public.active_exam_schedule() is 'The exam students take now: the newest active schedule (none means no window and the default 30 minutes).';
revoke execute on function public.active_exam_schedule() from public, anon, authenticated;

create function public.normalize_login_code(code text) returns text
language sql immutable set search_path = ''
as $$
  -- Codes are pasted from messages: strip tabs, line breaks and non-breaking spaces too.
  select upper(regexp_replace(code, '^[[:space:]\u00a0]+|[[:space:]\u00a0]+$', '', 'g'))
$$;

create function public.is_usable_mcq(q public.questions) returns boolean
language sql immutable set search_path = ''
as $$
  select q.correct_answer in ('A', 'B', 'C', 'D')
    and btrim(q.question_text) <> ''
    and btrim(q.option_a) <> '' and btrim(q.option_b) <> ''
    and btrim(q.option_c) <> '' and btrim(q.option_d) <> ''
$$;
revoke execute on function public.is_usable_mcq(public.questions) from public, anon, authenticated;

create function public.answers_fingerprint(answers jsonb) returns text
language sql immutable set search_path = ''
as $$
  -- Canonical form "1:A,2:C,…" by question number; the app computes the same on the device.
  select left(encode(sha256(convert_to(coalesce(string_agg(a.key || ':' || a.value, ',' order by a.key::integer), ''), 'UTF8')), 'hex'), 12)
  from jsonb_each_text(answers) as a
$$;

create function public.check_login_code(code text) returns text
language plpgsql stable security definer set search_path = ''
as $$
declare
  is_used boolean;
begin
  select lc.is_used into is_used from public.login_codes lc where lc.code = public.normalize_login_code(check_login_code.code);
  if not found then
    return 'invalid';
  end if;
  return case when is_used then 'used' else 'valid' end;
end
$$;
comment on function public.check_login_code(text) is 'valid | used | invalid for a login code as typed (trimmed, upper-cased).';

create function public.exam_questions(code text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  schedule public.exam_schedule;
  is_used boolean;
  total_count integer;
  usable jsonb;
begin
  select lc.is_used into is_used from public.login_codes lc where lc.code = public.normalize_login_code(exam_questions.code);
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if is_used then
    return jsonb_build_object('outcome', 'used');
  end if;
  select * into schedule from public.active_exam_schedule();
  if found and not (now() between schedule.start_time and schedule.end_time) then
    return jsonb_build_object('outcome', 'exam_closed');
  end if;
  select count(*) into total_count from public.questions;
  if total_count = 0 then
    return jsonb_build_object('outcome', 'no_questions');
  end if;
  select coalesce(jsonb_agg(jsonb_build_object(
           'id', q.id, 'question_number', q.question_number, 'question_text', q.question_text,
           'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d)
         order by q.question_number), '[]'::jsonb)
    into usable
    from public.questions q
   where public.is_usable_mcq(q);
  if jsonb_array_length(usable) = 0 then
    return jsonb_build_object('outcome', 'no_valid_questions');
  end if;
  return jsonb_build_object(
    'outcome', 'ok',
    'questions', usable,
    'duration_minutes', coalesce(schedule.duration_minutes, 30),
    'window_end', schedule.end_time,
    'server_now', now());
end
$$;
comment on function public.exam_questions(text) is 'The usable MCQ questions, never with correct_answer, for an unused code while the exam window is open.';

create function public.submission_receipt(s public.submissions) returns jsonb
language sql stable set search_path = ''
as $$
  select jsonb_build_object(
    'outcome', 'accepted',
    'submission_id', s.id,
    'score', s.score,
    'total', (select count(*) from jsonb_object_keys(s.answers)),
    'received_at', s.received_at,
    'answers_fingerprint', s.answers_fingerprint)
$$;
revoke execute on function public.submission_receipt(public.submissions) from public, anon, authenticated;

create function public.submit_exam(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz
) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  -- Two minutes for a press of Submit just before the window closed to travel.
  grace constant interval := interval '2 minutes';
  normalized_code text := public.normalize_login_code(submit_exam.code);
  claimed_code public.login_codes;
  existing public.submissions;
  schedule public.exam_schedule;
  effective_submitted_at timestamptz;
  stored public.submissions;
begin
  if submission_id is null or answers is null or jsonb_typeof(answers) <> 'object'
     or exists (select 1 from jsonb_each(answers) a
                 where a.key !~ '^[1-9][0-9]{0,3}$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    raise exception 'answers must map question numbers to A, B, C or D' using errcode = '22023';
  end if;

  -- Lock the code first: concurrent submissions for one code queue here, so the
  -- idempotency check below sees whatever the one before committed.
  select * into claimed_code from public.login_codes lc where lc.code = normalized_code for update;

  select * into existing from public.submissions s where s.id = submit_exam.submission_id;
  if found then
    if existing.login_code <> normalized_code then
      raise exception 'submission id belongs to another login code' using errcode = '22023';
    end if;
    return public.submission_receipt(existing);
  end if;

  if claimed_code.id is null then
    return jsonb_build_object('outcome', 'invalid_code');
  end if;
  if claimed_code.is_used then
    return jsonb_build_object('outcome', 'code_used');
  end if;

  -- A device clock running ahead must not push a timely submission out of the window.
  effective_submitted_at := least(coalesce(submit_exam.submitted_at, now()), now());
  select * into schedule from public.active_exam_schedule();
  if found and (effective_submitted_at < schedule.start_time - grace
                or effective_submitted_at > schedule.end_time + grace) then
    return jsonb_build_object('outcome', 'exam_over');
  end if;

  update public.login_codes
     set is_used = true, used_by = btrim(submit_exam.student_name), used_at = now()
   where id = claimed_code.id;

  -- A failing insert (a constraint) aborts the whole call, so the claim above is undone.
  insert into public.submissions
    (id, student_name, login_code, answers, answers_fingerprint, score, tab_switches, time_taken, started_at, submitted_at)
  values (
    submit_exam.submission_id,
    btrim(submit_exam.student_name),
    normalized_code,
    submit_exam.answers,
    public.answers_fingerprint(submit_exam.answers),
    (select count(*) from jsonb_each_text(submit_exam.answers) a
       join public.questions q on q.question_number = a.key::integer
      where q.correct_answer = a.value),
    coalesce(submit_exam.tab_switches, 0),
    submit_exam.time_taken,
    coalesce(submit_exam.started_at, effective_submitted_at),
    effective_submitted_at)
  returning * into stored;

  return public.submission_receipt(stored);
end
$$;
comment on function public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'Claims the code, scores from the stored answers and stores the submission, all or nothing. Idempotent on submission_id.';

create function public.lookup_result(code text) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
declare
  found_code public.login_codes;
  sub public.submissions;
  within_day boolean;
begin
  select * into found_code from public.login_codes lc where lc.code = public.normalize_login_code(lookup_result.code);
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if found_code.created_at < now() - interval '7 days' then
    return jsonb_build_object('outcome', 'code_expired');
  end if;
  if not found_code.is_used then
    return jsonb_build_object('outcome', 'unused');
  end if;
  select * into sub from public.submissions s where s.login_code = found_code.code order by s.submitted_at desc limit 1;
  if not found then
    return jsonb_build_object('outcome', 'no_submission');
  end if;
  if sub.submitted_at < now() - interval '30 days' then
    return jsonb_build_object('outcome', 'result_expired');
  end if;
  within_day := sub.submitted_at >= now() - interval '24 hours';
  return jsonb_build_object(
    'outcome', 'ok',
    'student_name', sub.student_name,
    'login_code', sub.login_code,
    'started_at', sub.started_at,
    'submitted_at', sub.submitted_at,
    'score', sub.score,
    'total', (select count(*) from jsonb_object_keys(sub.answers)),
    'tab_switches', sub.tab_switches,
    'time_taken', sub.time_taken,
    'answers_fingerprint', sub.answers_fingerprint,
    'solutions_available', within_day,
    'solutions', case when within_day then (
      select coalesce(jsonb_agg(jsonb_build_object(
               'question_number', q.question_number, 'question_text', q.question_text,
               'option_a', q.option_a, 'option_b', q.option_b, 'option_c', q.option_c, 'option_d', q.option_d,
               'correct_answer', q.correct_answer,
               'student_answer', sub.answers ->> q.question_number::text,
               'is_correct', coalesce((sub.answers ->> q.question_number::text) = q.correct_answer, false))
             order by q.question_number), '[]'::jsonb)
        from public.questions q
       where public.is_usable_mcq(q)
    ) end);
end
$$;
comment on function public.lookup_result(text) is 'The solutions page: every outcome of the spec, per-question solutions only within 24 hours of submission.';

revoke execute on function public.check_login_code(text), public.exam_questions(text),
  public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz),
  public.lookup_result(text) from public;
grant execute on function public.check_login_code(text), public.exam_questions(text),
  public.submit_exam(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz),
  public.lookup_result(text) to anon, authenticated, service_role;

revoke execute on function public.normalize_login_code(text), public.answers_fingerprint(jsonb) from public, anon, authenticated;
