create or replace function private.report_exam_attempt(
  attempt_id uuid,
  code text,
  answered_count integer,
  tab_switches integer,
  state text,
  online boolean,
  reported_at timestamptz,
  storage_persistent boolean default null,
  answers jsonb default null,
  flags jsonb default null
) returns jsonb
language plpgsql volatile set search_path = ''
as $$
declare
  grace constant interval := interval '2 minutes';
  attempt public.exam_attempts;
  report_moment timestamptz := least(coalesce(report_exam_attempt.reported_at, now()), now());
  takes_copy boolean;
  sorted_flags jsonb;
begin
  if report_exam_attempt.state is null or report_exam_attempt.state not in ('in_progress', 'submitted_on_device') then
    raise exception 'state must be in_progress or submitted_on_device' using errcode = '22023';
  end if;
  if report_exam_attempt.answered_count is null or report_exam_attempt.answered_count < 0
     or report_exam_attempt.tab_switches is null or report_exam_attempt.tab_switches not between 0 and 100000
     or report_exam_attempt.online is null then
    raise exception 'answered_count and tab_switches must be counts within bounds, online true or false' using errcode = '22023';
  end if;
  -- As submit_exam checks them; at most 50 one-letter answers, so a copy stays small.
  if report_exam_attempt.answers is not null
     and (jsonb_typeof(report_exam_attempt.answers) <> 'object'
          or exists (select 1 from jsonb_each(report_exam_attempt.answers) a
                      where a.key !~ '^([1-9]|[1-4][0-9]|50)$' or a.value not in ('"A"', '"B"', '"C"', '"D"'))) then
    perform private.invalid_argument('answers must map question numbers 1 to 50 to A, B, C or D');
  end if;
  -- The questions flagged "Review later": distinct question numbers, kept sorted.
  if report_exam_attempt.flags is not null then
    if jsonb_typeof(report_exam_attempt.flags) <> 'array'
       or exists (select 1 from jsonb_array_elements(report_exam_attempt.flags) f
                   where jsonb_typeof(f) <> 'number' or f::text !~ '^([1-9]|[1-4][0-9]|50)$')
       or (select count(distinct f) <> count(*) from jsonb_array_elements(report_exam_attempt.flags) f) then
      perform private.invalid_argument('flags must be distinct question numbers 1 to 50');
    end if;
    sorted_flags := (select coalesce(jsonb_agg(f order by f::text::integer), '[]'::jsonb)
                       from jsonb_array_elements(report_exam_attempt.flags) f);
  end if;

  select a.* into attempt from public.exam_attempts a
   where a.id = report_exam_attempt.attempt_id and a.login_code = private.stored_login_code(report_exam_attempt.code)
     for update;
  if not found then
    return jsonb_build_object('outcome', 'invalid');
  end if;
  if report_exam_attempt.answered_count > attempt.question_count then
    raise exception 'answered_count is more than the attempt''s % questions', attempt.question_count using errcode = '22023';
  end if;

  -- The attempt continues on another device (a proctor's resume PIN): this device is told so and
  -- stops; its report changes nothing of the copy, which the new device now writes.
  if attempt.state = 'moved' then
    update public.exam_attempts a set last_seen = now() where a.id = attempt.id;
    return jsonb_build_object('outcome', 'moved', 'moved_at', attempt.moved_at);
  end if;

  if report_moment > attempt.deadline + grace then
    return jsonb_build_object('outcome', 'exam_closed');
  end if;

  -- The copy an answer file is checked against, a new device resumes from and the server submits
  -- when the device falls silent: only what reached the server in time (a report the device claims
  -- it made earlier may still update the progress below, never the copy), and never an older
  -- report over a newer one. The flags travel with the answers (a report without flags, from an
  -- older app, keeps the flags before).
  takes_copy := report_exam_attempt.answers is not null
    and now() <= attempt.deadline + grace
    and (attempt.reported_answers_at is null or report_moment >= attempt.reported_answers_at);

  if attempt.state in ('received', 'refused') or report_moment < attempt.reported_at then
    -- Overtaken by a later report, or the submission is in or refused: the device is alive, nothing else changes.
    update public.exam_attempts a
       set last_seen = now(),
           reported_answers = case when takes_copy then report_exam_attempt.answers else a.reported_answers end,
           reported_answers_at = case when takes_copy then report_moment else a.reported_answers_at end,
           reported_answers_received_at = case when takes_copy then now() else a.reported_answers_received_at end,
           reported_flags = case when takes_copy then coalesce(sorted_flags, a.reported_flags) else a.reported_flags end
     where a.id = attempt.id
    returning * into attempt;
  else
    update public.exam_attempts a
       set answered_count = report_exam_attempt.answered_count,
           tab_switches = greatest(a.tab_switches, report_exam_attempt.tab_switches),
           client_online = report_exam_attempt.online,
           storage_persistent = coalesce(report_exam_attempt.storage_persistent, a.storage_persistent),
           -- A device never takes back a queued submission.
           state = case when a.state = 'submitted_on_device' then a.state else report_exam_attempt.state end,
           reported_at = report_moment,
           last_seen = now(),
           reported_answers = case when takes_copy then report_exam_attempt.answers else a.reported_answers end,
           reported_answers_at = case when takes_copy then report_moment else a.reported_answers_at end,
           reported_answers_received_at = case when takes_copy then now() else a.reported_answers_received_at end,
           reported_flags = case when takes_copy then coalesce(sorted_flags, a.reported_flags) else a.reported_flags end
     where a.id = attempt.id
    returning * into attempt;
  end if;
  return jsonb_build_object('outcome', 'ok', 'deadline', attempt.deadline, 'server_now', now());
end
$$;
comment on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamptz, boolean, jsonb, jsonb) is
  'Records a device''s report on its own attempt made by its deadline, and the answers and flags it carries when received by the deadline plus 2 minutes of grace: ok with the server''s deadline, invalid, exam_closed, or moved (with moved_at) when the attempt continues on another device.';
revoke all on function private.report_exam_attempt(uuid, text, integer, integer, text, boolean, timestamp with time zone, boolean, jsonb, jsonb) from public, anon, authenticated, service_role;
