-- record_submission's third step: which answers count
-- (docs/product.md#offline-answers-and-answer-files; why, docs/architecture.md#security-model). A
-- submission that arrives in time counts as sent. So does a late arrival while its solutions are
-- still held: nobody can know the key before they are released. Once they could be out (this
-- row's release has come, or any solutions of the code's exam were shown since its first start: a
-- key once shown stays out), a student whose device never sent could have read a classmate's solutions, so
-- a late arrival counts only the answers that match the copy its attempt (the one whose id is the
-- submission's) reported in time, none without a copy, and late_check keeps what differs with both
-- letters for the examiner. An answer file was checked against that copy already
-- (recover_submission_from_file), so it counts as sent.
create or replace function private.counted_answers(
  submission_id uuid,
  code text,
  answers jsonb,
  recovered_from_file boolean,
  first_start timestamptz,
  closes_at timestamptz,
  sent_at timestamptz,
  out counted jsonb,
  out late_check jsonb
)
language plpgsql stable set search_path = ''
as $$
declare
  candidate public.submissions;
  attempt public.exam_attempts;
begin
  counted := counted_answers.answers;
  if now() <= counted_answers.closes_at or coalesce(counted_answers.recovered_from_file, false) then
    return;
  end if;
  candidate.id := counted_answers.submission_id;
  candidate.login_code := counted_answers.code;
  select lc.exam_id into candidate.exam_id from public.login_codes lc where lc.code = counted_answers.code;
  candidate.started_at := counted_answers.first_start;
  -- A row's release only grows with its submitted_at (a later one waits for more sittings), and
  -- any submission of the exam (or of one with the same questions) whose solutions, shown for 24
  -- hours from their release, could reach past this attempt's deadline plus grace could have shown
  -- the key since: one submitted in the 24 hours before it, or in this attempt's sitting (an early
  -- submitter of a week-long window is released with it). The key is out once the earliest of
  -- them has its release. A row stamped after a classmate's would otherwise wait for a sitting the
  -- classmate's do not.
  candidate.submitted_at := least(counted_answers.sent_at,
                                  (select min(s.submitted_at) from public.submissions s
                                    where s.exam_id in (select unnest(private.exams_sharing_questions(candidate.exam_id)))
                                      and s.submitted_at >= least(counted_answers.closes_at - interval '24 hours',
                                                                  (select es.start_time from public.exam_attempts a
                                                                     join public.exam_schedule es on es.id = a.sitting_id
                                                                    where a.id = counted_answers.submission_id))));
  -- An unknown release (null) holds the key back, as a release still to come does.
  if (private.solutions_release_at(candidate) <= now() or private.solutions_shown_since(candidate.exam_id, counted_answers.first_start)) is not true then
    return;
  end if;
  select a.* into attempt from public.exam_attempts a
   where a.id = counted_answers.submission_id and a.login_code = counted_answers.code;
  select coalesce(jsonb_object_agg(s.key, s.value), '{}'::jsonb) into counted
    from jsonb_each(counted_answers.answers) s
   where attempt.reported_answers -> s.key = s.value;
  late_check := jsonb_build_object(
    'reported_at', attempt.reported_answers_at,
    'received_at', attempt.reported_answers_received_at,
    'sent_answers', (select count(*) from jsonb_object_keys(counted_answers.answers)),
    'counted', (select count(*) from jsonb_object_keys(counted)),
    'differences', coalesce((
      select jsonb_agg(jsonb_build_object('question', q.question::integer,
                                          'reported', attempt.reported_answers ->> q.question,
                                          'sent', counted_answers.answers ->> q.question)
                       order by q.question::integer)
        from (select jsonb_object_keys(counted_answers.answers) as question
              union select jsonb_object_keys(coalesce(attempt.reported_answers, '{}'::jsonb))) q
       where (attempt.reported_answers -> q.question) is distinct from (counted_answers.answers -> q.question)),
      '[]'::jsonb));
end
$$;
comment on function private.counted_answers(uuid, text, jsonb, boolean, timestamptz, timestamptz, timestamptz) is
  'record_submission''s third step: the answers a submission counts (all it sent, except a late arrival, not from an answer file, once its solutions could be out: only those matching its attempt''s copy reported in time) and, for such a late arrival, late_check (sent_answers, counted, differences).';
revoke all on function private.counted_answers(uuid, text, jsonb, boolean, timestamp with time zone, timestamp with time zone, timestamp with time zone) from public, anon, authenticated, service_role;
