-- Answer-key correction with regrade (issue 15).
--
-- An administrator corrects the key of a question after the exam: another letter, several
-- letters accepted ("Accept several answers", e.g. 'BC'), or '*' ("Void (counts for everyone)":
-- every student gets the point, answered or not). regrade_question first answers a dry run
-- (how many submissions change score, from fail to pass and back, the average before and after);
-- applied, it rescores in one transaction every submission whose exam held that question (its
-- code's snapshot, public.attempt_questions, names the question's id) against that submission's
-- own key (served_key, migration 20261124002030) with the question's entry replaced, records the
-- correction in public.key_corrections and in the activity log, and marks each submission whose
-- score changed as regraded, keeping the score it had first (score_before_regrade).
--
-- Idempotent: applying the same key again changes nothing ('unchanged'). Safe under concurrent
-- submissions: the regrade holds an exclusive transaction lock that every stored submission's
-- BEFORE INSERT trigger takes shared before it reads the corrections. A submission that got there
-- first is committed before the regrade reads the submissions, so it is regraded; one that comes
-- during the regrade waits for its commit and is keyed and scored with the correction.
-- Snapshots go with the questions 24 hours after the exam (the retention job), so a regrade
-- reaches the submissions whose snapshot is still kept.

create table public.key_corrections (
  id bigint generated always as identity primary key,
  question_id uuid not null,
  question_number integer not null,
  accepted text not null check (accepted = '*' or accepted ~ '^A?B?C?D?$' and accepted <> ''),
  corrected_at timestamptz not null default now(),
  corrected_by text
);
comment on table public.key_corrections is
  'Answer-key corrections after an exam: for the question (its bank id), the letters now accepted (one or several, or * when the question is void and counts for everyone). The newest per question applies.';
create index key_corrections_question_id_idx on public.key_corrections (question_id, id desc);
alter table public.key_corrections enable row level security;
revoke all on table public.key_corrections from anon, authenticated, service_role;
grant select on table public.key_corrections to authenticated, service_role;
create policy "Admins can read key corrections" on public.key_corrections
  for select to authenticated using ((select public.is_admin()));

alter table public.submissions
  add column regraded_at timestamptz,
  add column score_before_regrade integer check (score_before_regrade >= 0);
comment on column public.submissions.regraded_at is 'When a key correction last changed this submission''s score.';
comment on column public.submissions.score_before_regrade is 'The score the submission had before its first regrade, shown once beside the new one.';

alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'codes_generated', 'codes_deleted', 'extra_time_changed', 'room_time_added',
  'questions_added', 'questions_imported', 'question_changed', 'questions_deleted',
  'schedule_created', 'schedule_changed', 'schedule_deleted',
  'answer_file_recovered', 'submission_voided', 'submission_restored', 'key_corrected'));

-- Whether an answer earns the point under a key entry: '*' counts for everyone.
create function private.key_accepts(accepted text, answer text) returns boolean
language sql immutable set search_path = ''
as $$
  select accepted = '*' or (answer is not null and answer ~ '^[ABCD]$' and strpos(accepted, answer) > 0)
$$;
revoke execute on function private.key_accepts(text, text) from public, anon, authenticated, service_role;

create function private.score_against_key(answers jsonb, served_key jsonb) returns integer
language sql immutable set search_path = ''
as $$
  select count(*)::integer from jsonb_each_text(served_key) k where private.key_accepts(k.value, answers ->> k.key)
$$;
revoke execute on function private.score_against_key(jsonb, jsonb) from public, anon, authenticated, service_role;

-- The lock a regrade holds exclusively and a stored submission shared.
create function private.regrade_lock_key() returns bigint
language sql immutable set search_path = ''
as $$
  select 7230415001::bigint
$$;
revoke execute on function private.regrade_lock_key() from public, anon, authenticated, service_role;

-- As in migration 20261124002030, and a submission whose snapshot holds a corrected question is
-- keyed and scored with the correction.
create or replace function private.record_served_key() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  corrected boolean;
begin
  if new.served_key is null then
    perform pg_catalog.pg_advisory_xact_lock_shared(private.regrade_lock_key());
    select jsonb_object_agg(aq.question_number::text, coalesce(kc.accepted, aq.correct_answer)), bool_or(kc.accepted is not null)
      into new.served_key, corrected
      from public.attempt_questions aq
      left join lateral (select c.accepted from public.key_corrections c where c.question_id = aq.question_id
                          order by c.id desc limit 1) kc on true
     where aq.login_code = new.login_code;
    if new.served_key is null then
      new.served_key := coalesce(
        (select jsonb_object_agg(q.question_number::text, q.correct_answer)
           from public.questions q where public.is_usable_mcq(q) and q.question_number between 1 and 50),
        '{}'::jsonb);
    elsif corrected then
      new.score := private.score_against_key(new.answers, new.served_key);
    end if;
  end if;
  return new;
end
$$;

create function public.regrade_question(question_id uuid, accepted text, apply boolean default false) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  letters text := upper(btrim(regrade_question.accepted));
  question public.questions;
  number integer;
  previous text;
  figures jsonb;
begin
  perform private.require_admin();
  if letters is null or letters !~ '^(\*|[ABCD]+)$' then
    perform private.invalid_argument('accepted must be one or more of A, B, C and D, or * for a void question');
  end if;
  -- Any order, each letter once: 'CB' is 'BC'.
  if letters <> '*' then
    letters := (select string_agg(l, '' order by l) from (select distinct unnest(regexp_split_to_array(letters, '')) as l) x);
  end if;
  perform pg_catalog.pg_advisory_xact_lock(private.regrade_lock_key());

  select * into question from public.questions q where q.id = regrade_question.question_id;
  number := coalesce(question.question_number,
                     (select aq.question_number from public.attempt_questions aq where aq.question_id = regrade_question.question_id limit 1));
  if number is null then
    return jsonb_build_object('outcome', 'not_found');
  end if;
  previous := coalesce(
    (select c.accepted from public.key_corrections c where c.question_id = regrade_question.question_id order by c.id desc limit 1),
    (select aq.correct_answer from public.attempt_questions aq where aq.question_id = regrade_question.question_id limit 1),
    question.correct_answer);

  create temporary table if not exists pg_temp.regrade_candidates (
    id uuid primary key, old_score integer, new_score integer, question_count integer, voided boolean, new_key jsonb
  ) on commit drop;
  delete from pg_temp.regrade_candidates;
  insert into pg_temp.regrade_candidates
  select s.id, s.score, private.score_against_key(s.answers, k.new_key), s.question_count, s.voided_at is not null, k.new_key
    from public.submissions s
    cross join lateral (select coalesce(s.served_key, '{}'::jsonb) || jsonb_build_object(number::text, letters) as new_key) k
   where exists (select 1 from public.attempt_questions aq
                  where aq.login_code = s.login_code and aq.question_id = regrade_question.question_id);

  select jsonb_build_object(
    'question_number', number,
    'from', previous,
    'to', letters,
    'submissions', count(*) filter (where not c.voided),
    'changed', count(*) filter (where not c.voided and c.new_score <> c.old_score),
    'fail_to_pass', count(*) filter (where not c.voided and not public.passes(c.old_score, c.question_count)
                                     and public.passes(c.new_score, c.question_count)),
    'pass_to_fail', count(*) filter (where not c.voided and public.passes(c.old_score, c.question_count)
                                     and not public.passes(c.new_score, c.question_count)),
    'average_before', round(avg(c.old_score) filter (where not c.voided), 2),
    'average_after', round(avg(c.new_score) filter (where not c.voided), 2))
    into figures
    from pg_temp.regrade_candidates c;

  if not regrade_question.apply then
    return figures || jsonb_build_object('outcome', 'dry_run');
  end if;
  if previous = letters then
    return figures || jsonb_build_object('outcome', 'unchanged');
  end if;

  insert into public.key_corrections (question_id, question_number, accepted, corrected_by)
  values (regrade_question.question_id, number, letters,
          (select au.email from public.admin_users au where au.user_id = (select auth.uid())));
  update public.submissions s
     set served_key = c.new_key,
         score = c.new_score,
         score_before_regrade = case when c.new_score <> c.old_score then coalesce(s.score_before_regrade, c.old_score)
                                     else s.score_before_regrade end,
         regraded_at = case when c.new_score <> c.old_score then now() else s.regraded_at end
    from pg_temp.regrade_candidates c
   where s.id = c.id;
  -- One letter is a key the snapshots and the bank can hold: the solutions show it.
  if letters ~ '^[ABCD]$' then
    update public.attempt_questions aq set correct_answer = letters where aq.question_id = regrade_question.question_id;
    update public.questions q set correct_answer = letters where q.id = regrade_question.question_id;
  end if;
  perform private.record_activity('key_corrected', number::text, figures || jsonb_build_object('question_id', regrade_question.question_id));
  return figures || jsonb_build_object('outcome', 'applied');
end
$$;
comment on function public.regrade_question(uuid, text, boolean) is
  'Administrators: corrects a question''s key (one letter, several, or * for void) and answers the dry run (submissions, changed, fail_to_pass, pass_to_fail, average_before, average_after); with apply, rescores every submission whose exam held the question in one transaction, marks the changed ones regraded and records it. Idempotent.';
revoke execute on function public.regrade_question(uuid, text, boolean) from public, anon;
grant execute on function public.regrade_question(uuid, text, boolean) to authenticated, service_role;

-- As in migration 20261124002020, recreated with admin_day_results below.
drop function public.admin_day_answers(text, date, text);
drop function public.admin_day_score_bands(text, date, text);
drop function public.admin_day_results(text, date, text);

-- As in migration 20261124002010, with when a submission was regraded and the score it had first.
create function public.admin_day_results(time_zone text, day date, search text default '')
returns table (
  id uuid,
  student_name text,
  login_code text,
  score integer,
  question_count integer,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz,
  received_at timestamptz,
  answers_fingerprint text,
  recovered_from_file boolean,
  arrived_late boolean,
  extra_minutes integer,
  voided_at timestamptz,
  void_reason text,
  regraded_at timestamptz,
  score_before_regrade integer,
  rank bigint,
  display_order bigint
)
language sql stable
as $$
  select r.id, r.student_name, r.login_code, r.score, r.question_count, r.tab_switches, r.time_taken, r.started_at,
         r.submitted_at, r.received_at, r.answers_fingerprint, r.recovered_from_file, r.arrived_late,
         coalesce((select lc.extra_minutes from public.login_codes lc where lc.code = r.login_code), 0),
         r.voided_at, r.void_reason, r.regraded_at, r.score_before_regrade,
         case when r.voided_at is null then r.rank end, r.display_order
    from (
      select s.*,
             rank() over (partition by s.voided_at is null order by s.score desc) as rank,
             row_number() over (order by s.voided_at is not null, s.score desc, s.time_taken, s.submitted_at, s.id) as display_order
        from public.submissions s
       where s.submitted_at >= (admin_day_results.day::timestamp at time zone admin_day_results.time_zone)
         and s.submitted_at < ((admin_day_results.day + 1)::timestamp at time zone admin_day_results.time_zone)
    ) r
   where public.search_pattern(admin_day_results.search) is null
      or r.student_name ilike public.search_pattern(admin_day_results.search)
      or r.login_code ilike public.search_pattern(admin_day_results.search)
   order by r.display_order
$$;
comment on function public.admin_day_results(text, date, text) is
  'One local day''s submissions matching the search, ranked by score within the whole day (voided ones unranked, last, with when and why), in display order (display_order), with the questions each was served, the code''s extra minutes, and when a key correction regraded it (with the score it had first). Read in pages.';
revoke execute on function public.admin_day_results(text, date, text) from public, anon;
grant execute on function public.admin_day_results(text, date, text) to authenticated, service_role;

create function public.admin_day_score_bands(time_zone text, day date, search text default '')
returns table (band integer, submissions bigint)
language sql stable
as $$
  -- Every band, empty ones too. The percentage is out of the questions served (src/domain/score.ts,
  -- as public.passes), and 100 % joins the 90-99 % band. Voided submissions count in none.
  select b.band, count(r.id)
    from pg_catalog.generate_series(0, 9) as b(band)
    left join public.admin_day_results(admin_day_score_bands.time_zone, admin_day_score_bands.day, admin_day_score_bands.search) r
      on r.voided_at is null and least(9, floor(round(r.score * 100.0 / r.question_count) / 10))::integer = b.band
   group by b.band
   order by b.band
$$;
comment on function public.admin_day_score_bands(text, date, text) is
  'Test Results'' score distribution: per 10 % band (0 for 0-9 % … 9 for 90-100 %) of the questions served, how many of one local day''s submissions matching the search, voided ones left out, fall in it.';
revoke execute on function public.admin_day_score_bands(text, date, text) from public, anon;
grant execute on function public.admin_day_score_bands(text, date, text) to authenticated, service_role;

create function public.admin_day_answers(time_zone text, day date, search text default '')
returns table (id uuid, answers jsonb)
language sql stable
as $$
  select r.id, s.answers
    from public.admin_day_results(admin_day_answers.time_zone, admin_day_answers.day, admin_day_answers.search) r
    join public.submissions s on s.id = r.id
   order by r.display_order
$$;
comment on function public.admin_day_answers(text, date, text) is
  'The answers (question number → letter) of admin_day_results'' rows for the same day and search, in its display order. Read in pages.';
revoke execute on function public.admin_day_answers(text, date, text) from public, anon;
grant execute on function public.admin_day_answers(text, date, text) to authenticated, service_role;

-- The solutions page: as in migration 20261124002010, and a regraded result says the score it had
-- before (regraded_from).
create or replace function public.lookup_result(code text) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  address text := private.request_client_address();
  answer jsonb;
  sub public.submissions;
  failure_state text;
  failure_message text;
begin
  perform private.refuse_read_only();
  if private.code_guessing_limited(address) then
    return jsonb_build_object('outcome', 'rate_limited');
  end if;
  answer := private.lookup_result(code);
  if answer ->> 'outcome' = 'invalid' then
    perform private.record_code_guess_failure(address);
  end if;
  if answer ->> 'outcome' = 'ok' then
    select * into sub from public.submissions s where s.login_code = answer ->> 'login_code' order by s.submitted_at desc limit 1;
    if sub.voided_at is not null then
      return jsonb_build_object('outcome', 'withdrawn');
    end if;
    if sub.score_before_regrade is not null then
      return answer || jsonb_build_object('regraded_from', sub.score_before_regrade);
    end if;
  end if;
  return answer;
exception when others then
  get stacked diagnostics failure_state = returned_sqlstate, failure_message = message_text;
  perform private.raise_without_detail(failure_state, failure_message);
end
$$;
comment on function public.lookup_result(text) is
  'The solutions page: every outcome of the spec, withdrawn for a voided submission, regraded_from (the score before) for a regraded one, per-question solutions only within 24 hours of submission and once the exam is over for everyone; rate_limited after too many invalid codes from one address.';
