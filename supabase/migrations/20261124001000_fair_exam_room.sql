-- A fair exam room (issue 14), the parts that stand on their own; the student functions start
-- using them in migration 20261124001010.
--
-- 1. Shuffle per student. Each schedule says whether its questions and its answer options are
--    shuffled. New schedules shuffle both; the rows that exist keep today's behaviour (neither).
--    Without an active schedule nothing is shuffled, as before.
-- 2. Each attempt keeps the exam it was given. public.attempt_questions is the snapshot a login
--    code's first start takes: every question it was served, with its answer key and the order
--    the student sees. Every later start of the code (a reload, another device) is served from it
--    and its submission is scored against it, so an import after the exam or the clean-up never
--    changes a score. The snapshot goes with the questions, by the same 24-hour rule; scores stay.
-- 3. Time for the whole room. add_time_for_everyone gives N minutes (1 to 180) to every student
--    still writing the current schedule, as extra minutes on their codes: their deadlines move
--    (private.shift_attempt_deadlines), devices learn the new deadline from their next report,
--    results show the extra time as for an accommodation, and the held solutions wait for the
--    new deadlines (private.solutions_release_at counts every unsubmitted attempt's deadline).
--    Each addition is recorded with who gave it, when, and to which codes.

alter table public.exam_schedule
  add column shuffle_questions boolean not null default false,
  add column shuffle_options boolean not null default false;
-- Existing rows took false above; schedules made from now on shuffle unless told not to.
alter table public.exam_schedule
  alter column shuffle_questions set default true,
  alter column shuffle_options set default true;
comment on column public.exam_schedule.shuffle_questions is
  'Each student sees the questions in an order of their own, fixed at their code''s first start.';
comment on column public.exam_schedule.shuffle_options is
  'Each student sees every question''s options in an order of their own (relabelled A to D as shown), fixed at their code''s first start.';

-- The snapshot. One row per question a code was served; `position` is where the student sees it
-- (1 = first) and `option_order` the original letters in the order shown ('CADB': the option
-- shown as A is the question's C). Answers, scores and solutions always use question_number and
-- the original letters: the order only changes what the student sees.
create table public.attempt_questions (
  login_code text not null references public.login_codes (code) on update cascade on delete cascade,
  question_number integer not null check (question_number >= 1),
  position integer not null check (position >= 1),
  question_id uuid not null,
  question_text text not null,
  option_a text not null,
  option_b text not null,
  option_c text not null,
  option_d text not null,
  correct_answer text not null check (correct_answer in ('A', 'B', 'C', 'D')),
  option_order text not null check (
    option_order ~ '^[ABCD]{4}$' and position('A' in option_order) > 0 and position('B' in option_order) > 0
    and position('C' in option_order) > 0 and position('D' in option_order) > 0),
  taken_at timestamptz not null default now(),
  primary key (login_code, question_number),
  constraint attempt_questions_position_unique unique (login_code, position)
);
comment on table public.attempt_questions is
  'The exam a login code was given at its first start: each question served (canonical question_number, text, options, correct_answer) with where the student sees it (position) and the original letters in the order shown (option_order). Scoring and solutions read it; deleted with the questions by the 24-hour retention rule.';
comment on column public.attempt_questions.question_id is 'The questions row it was copied from (which may since be gone).';
comment on column public.attempt_questions.taken_at is 'When the code''s first start took the snapshot.';
alter table public.attempt_questions enable row level security;
-- Written only by the student functions (as owner); administrators read.
revoke all on table public.attempt_questions from anon, authenticated;
grant select on table public.attempt_questions to authenticated;
create policy "Admins can read attempt questions" on public.attempt_questions
  for select to authenticated using ((select public.is_admin()));

-- A code's order comes from its answer-file key (a secret the server derives per code), so the
-- same code always gets the same order and two codes get unrelated ones.
create function private.shuffle_rank(code text, label text) returns bytea
language sql stable set search_path = ''
as $$
  select sha256(private.answer_file_key(code) || convert_to('holdfast-shuffle/' || label, 'UTF8'))
$$;
comment on function private.shuffle_rank(text, text) is
  'A code''s sort key for one question (''question:7'') or option (''option:7:C''): its shuffled order sorts by it.';
revoke execute on function private.shuffle_rank(text, text) from public, anon, authenticated;

-- Takes the snapshot of a code's first start, in the schedule's shuffle settings, unless the code
-- has one already; answers how many questions it holds.
create function private.take_exam_snapshot(login public.login_codes, schedule public.exam_schedule) returns integer
language plpgsql volatile set search_path = ''
as $$
declare
  shuffle_questions boolean := coalesce(schedule.shuffle_questions, false);
  shuffle_options boolean := coalesce(schedule.shuffle_options, false);
  held integer;
begin
  select count(*) into held from public.attempt_questions aq where aq.login_code = login.code;
  if held > 0 then
    return held;
  end if;
  insert into public.attempt_questions
    (login_code, question_number, position, question_id, question_text, option_a, option_b, option_c, option_d,
     correct_answer, option_order)
  select login.code, q.question_number,
         row_number() over (order by case when shuffle_questions then private.shuffle_rank(login.code, 'question:' || q.question_number) end,
                                     q.question_number),
         q.id, q.question_text, q.option_a, q.option_b, q.option_c, q.option_d, q.correct_answer,
         case when shuffle_options
              then (select string_agg(l.letter, '' order by private.shuffle_rank(login.code, 'option:' || q.question_number || ':' || l.letter))
                      from unnest(array['A', 'B', 'C', 'D']) as l (letter))
              else 'ABCD' end
    from public.questions q
   -- The exam's questions are numbered 1 to 50 (migration 20261124000600).
   where public.is_usable_mcq(q) and q.question_number between 1 and 50;
  get diagnostics held = row_count;
  return held;
end
$$;
comment on function private.take_exam_snapshot(public.login_codes, public.exam_schedule) is
  'Records the usable questions, their answer key and the code''s order (shuffled as the schedule says) as the code''s snapshot, unless it has one; answers how many questions the snapshot holds.';
revoke execute on function private.take_exam_snapshot(public.login_codes, public.exam_schedule) from public, anon, authenticated;

-- The same retention rule as migration 20261121000300, now also for the snapshots: taken up to
-- the last closed window, they go 24 hours after it with the questions.
create or replace function private.apply_retention() returns integer
language plpgsql volatile security definer set search_path = ''
as $$
declare
  last_closed timestamptz;
  deleted integer;
begin
  if exists (select 1 from public.exam_schedule where is_active and end_time > now()) then
    return 0;
  end if;
  -- Any window that has closed counts, even if its schedule was switched off afterwards.
  select max(end_time) into last_closed from public.exam_schedule where end_time <= now();
  if last_closed is null or last_closed > now() - interval '24 hours' then
    return 0;
  end if;
  delete from public.attempt_questions where taken_at <= last_closed;
  delete from public.questions where created_at <= last_closed;
  get diagnostics deleted = row_count;
  return deleted;
end
$$;
comment on function private.apply_retention() is
  'Deletes exam questions and the attempts'' snapshots of them 24 hours after the last exam closed; answers how many questions.';

-- Room-wide minutes land on the codes' extra minutes, which keep their bound of 180 in all.
comment on column public.login_codes.extra_minutes is
  'Minutes added to this student''s deadline and to the exam window''s end for them (0 to 180): an accommodation, plus any time added for the whole room (public.room_time_additions).';

create table public.room_time_additions (
  id uuid primary key default gen_random_uuid(),
  schedule_id uuid references public.exam_schedule (id) on delete set null,
  minutes integer not null check (minutes between 1 and 180),
  login_codes text[] not null,
  added_by uuid,
  added_by_email text,
  added_at timestamptz not null default now()
);
comment on table public.room_time_additions is
  'Time added for the whole room from the Proctor Room: how many minutes, to which codes (every student still writing the schedule then), by whom and when.';
comment on column public.room_time_additions.schedule_id is 'The schedule in effect then; null without one (or once it is deleted).';
alter table public.room_time_additions enable row level security;
revoke all on table public.room_time_additions from anon, authenticated;
grant select on table public.room_time_additions to authenticated;
create policy "Admins can read room time additions" on public.room_time_additions
  for select to authenticated using ((select public.is_admin()));

-- Who is still writing the current exam: codes without a submission with an attempt of the active
-- schedule (started in its window; in the last 24 hours without one) that is in progress on the
-- server's record and not yet past its deadline.
create function private.codes_still_writing() returns setof text
language sql stable set search_path = ''
as $$
  select distinct a.login_code
    from public.exam_attempts a
    join public.login_codes lc on lc.code = a.login_code
    left join public.active_exam_schedule() es on true
   where not lc.is_used
     and a.state = 'in_progress'
     and a.deadline > now()
     and a.started_at >= coalesce(es.start_time - interval '2 minutes', now() - interval '24 hours')
$$;
comment on function private.codes_still_writing() is
  'Login codes of the students still writing the current schedule: an unsubmitted attempt in progress before its deadline.';
revoke execute on function private.codes_still_writing() from public, anon, authenticated;

create function public.room_time_students() returns integer
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (select count(*) from private.codes_still_writing());
end
$$;
comment on function public.room_time_students() is
  'Administrators: how many students "Add time for everyone" would reach now.';
revoke execute on function public.room_time_students() from public, anon;
grant execute on function public.room_time_students() to authenticated, service_role;

create function public.add_time_for_everyone(minutes integer) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  codes text[];
  schedule_id uuid;
begin
  perform private.require_admin();
  if add_time_for_everyone.minutes is null or add_time_for_everyone.minutes not between 1 and 180 then
    perform private.invalid_argument('minutes must be a whole number from 1 to 180');
  end if;
  -- Locked in code order, so two additions at once queue rather than deadlock.
  select coalesce(array_agg(locked.code order by locked.code), '{}') into codes
    from (select lc.code from public.login_codes lc
           where lc.code in (select private.codes_still_writing())
           order by lc.code for update) locked;
  if cardinality(codes) = 0 then
    return jsonb_build_object('outcome', 'nobody_writing', 'students', 0);
  end if;
  if exists (select 1 from public.login_codes lc
              where lc.code = any (codes) and lc.extra_minutes + add_time_for_everyone.minutes > 180) then
    perform private.invalid_argument('a student would have more than 180 minutes of extra time');
  end if;
  -- The trigger of migration 20261122000100 moves the deadlines of the codes' attempts.
  update public.login_codes lc set extra_minutes = lc.extra_minutes + add_time_for_everyone.minutes
   where lc.code = any (codes);
  select es.id into schedule_id from public.active_exam_schedule() es;
  insert into public.room_time_additions (schedule_id, minutes, login_codes, added_by, added_by_email)
  values (schedule_id, add_time_for_everyone.minutes, codes, (select auth.uid()),
          (select au.email from public.admin_users au where au.user_id = (select auth.uid())));
  return jsonb_build_object('outcome', 'added', 'students', cardinality(codes), 'minutes', add_time_for_everyone.minutes);
end
$$;
comment on function public.add_time_for_everyone(integer) is
  'Administrators: adds 1 to 180 minutes to every student still writing the current schedule (their codes'' extra minutes, so their deadlines move) and records it; added with how many students, or nobody_writing.';
revoke execute on function public.add_time_for_everyone(integer) from public, anon;
grant execute on function public.add_time_for_everyone(integer) to authenticated, service_role;
