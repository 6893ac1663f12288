-- record_submission's second step. The code is locked first, so concurrent submissions for one code
-- queue here and the retry check sees whatever the one before committed. A stored submission id
-- answers its receipt (a device sends until the server has it); one that is another code's stored
-- submission or attempt is refused. Answered without storing anything:
-- an unknown code; a used one (one submission per code; its attempt is marked refused); a code with
-- no recorded start (not_started: a device gets its questions only through exam_questions, which
-- records the start, so nobody wrote on it; accepting it would let a code submit at any time,
-- backdated into any window; the code stays unused); and a submission made outside the code's time
-- (exam_over). A submission must be made between the first start and the deadline, each with 2
-- minutes of grace for the travel, and is then accepted however late it arrives
-- (docs/product.md#offline-answers-and-answer-files). Otherwise the code is marked used by this
-- submission, and the step answers what the next steps need from the code's attempts: the first
-- start, when its time closed (the earliest deadline plus grace), when the submission was made
-- (the device's stamp, never in the future) and the most tab switches any attempt reported.
-- A code used by a submission the server made from its copy (the device was silent at the
-- deadline) is taken back by the device's own submission, or its answer file, made in time: the
-- student's last answers beat the last report. The server's row goes (the tallies follow, by
-- their trigger), the move is logged (server_copy_replaced) and the step answers when
-- (replaced_server_copy_at). Never the reverse: the server's copy never replaces a submission;
-- nor one an administrator voided, whose void would go with it. Only the code's own attempt
-- replaces it: the submission's id is one of the code's attempts (a device's attempt id is its
-- submission id, an answer file carries it), which only that device knows. The code alone is not
-- enough: whoever saw it over a shoulder could otherwise, at any time later, wipe the student's
-- result or put their own answers in its place with a backdated stamp. The moment the replaced
-- row's solutions were first shown goes on to the new row (replaced_solutions_shown_at): a key
-- once shown stays out (private.solutions_shown_since).
create or replace function private.claim_login_code(
  submission_id uuid,
  code text,
  student_name text,
  submitted_at timestamptz,
  from_server_copy boolean,
  out answer jsonb,
  out first_start timestamptz,
  out closes_at timestamptz,
  out sent_at timestamptz,
  out reported_tab_switches integer,
  out replaced_server_copy_at timestamptz,
  out replaced_solutions_shown_at timestamptz
)
language plpgsql volatile set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  claimed public.login_codes;
  existing public.submissions;
  server_copy public.submissions;
begin
  select * into claimed from public.login_codes lc where lc.code = claim_login_code.code for update;

  select * into existing from public.submissions s where s.id = claim_login_code.submission_id;
  if found then
    if existing.login_code <> claim_login_code.code then
      perform private.invalid_argument('submission id belongs to another login code');
    end if;
    answer := public.submission_receipt(existing);
    return;
  end if;

  if claimed.id is null then
    answer := jsonb_build_object('outcome', 'invalid_code');
    return;
  end if;
  select min(a.started_at), min(a.deadline) + grace, max(a.tab_switches)
    into first_start, closes_at, reported_tab_switches
    from public.exam_attempts a where a.login_code = claim_login_code.code;
  sent_at := least(coalesce(claim_login_code.submitted_at, now()), now());

  if claimed.is_used then
    if not claim_login_code.from_server_copy and sent_at between first_start - grace and closes_at
       and exists (select 1 from public.exam_attempts a
                     where a.id = claim_login_code.submission_id and a.login_code = claim_login_code.code) then
      -- One an administrator voided stays: the void is their decision about the code.
      select s.* into server_copy from public.submissions s
       where s.login_code = claim_login_code.code and s.from_server_copy and s.voided_at is null;
    end if;
    if server_copy.id is null then
      answer := private.refuse_attempt(claim_login_code.submission_id, claim_login_code.code, 'code_used');
      return;
    end if;
    delete from public.submissions s where s.id = server_copy.id;
    replaced_server_copy_at := now();
    replaced_solutions_shown_at := server_copy.solutions_shown_at;
    perform private.record_activity('server_copy_replaced', claim_login_code.code,
      jsonb_build_object('submission_id', claim_login_code.submission_id, 'replaced_submission_id', server_copy.id,
                         'server_copy_saved_at', server_copy.server_copy_saved_at, 'replaced_score', server_copy.score,
                         'question_count', server_copy.question_count),
      server_copy.exam_id);
  end if;
  -- A device's attempt id is its submission id: another code's attempt id (of any exam) would take
  -- that student's submission id and refuse their own device's submission.
  if exists (select 1 from public.exam_attempts a where a.id = claim_login_code.submission_id and a.login_code <> claim_login_code.code) then
    perform private.invalid_argument('submission id belongs to another login code');
  end if;
  if first_start is null then
    answer := jsonb_build_object('outcome', 'not_started');
    return;
  end if;

  if sent_at > closes_at or sent_at < first_start - grace then
    answer := private.refuse_attempt(claim_login_code.submission_id, claim_login_code.code, 'exam_over');
    return;
  end if;

  update public.login_codes
     set is_used = true, used_by = claim_login_code.student_name, used_at = now()
   where id = claimed.id;
end
$$;
comment on function private.claim_login_code(uuid, text, text, timestamptz, boolean) is
  'record_submission''s second step: locks the code and answers a stored submission''s receipt, invalid_code, code_used, not_started or exam_over (answer); otherwise marks the code used by the student and answers the first start, when the code''s time closed (deadline plus 2 minutes of grace), when the submission was made and the most tab switches its attempts reported. A submission made in time (not from_server_copy) under one of the code''s attempt ids takes a code used by a submission from the server''s copy not voided: that row is deleted, logged (server_copy_replaced), replaced_server_copy_at and the row''s solutions_shown_at (replaced_solutions_shown_at) answered.';
revoke all on function private.claim_login_code(uuid, text, text, timestamp with time zone, boolean) from public, anon, authenticated, service_role;
