-- Several exams on one server (exam week): an exam has its own questions, sittings (the rows of
-- exam_schedule), login codes, attempts, submissions and results. Every row that belongs to an
-- exam says which in exam_id; questions and submissions keep the original brief's field
-- exam_category_id, now always their exam.
--
-- Existing data becomes one exam, named after the current schedule (the newest active one) or
-- "Holdfast Assessment", so every row keeps its meaning: one bank, one set of sittings, one set of
-- codes. A row written without an exam (a one-exam school's screens, an older client) belongs to
-- the school's first exam still open (public.first_exam_id).

create table public.exams (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 200),
  default_duration_minutes integer not null default 30 check (default_duration_minutes between 5 and 180),
  shuffle_questions boolean not null default true,
  shuffle_options boolean not null default true,
  archived_at timestamptz,
  created_at timestamptz not null default now()
);
comment on table public.exams is
  'The exams a school runs, each with its own questions, sittings (exam_schedule), login codes and results. An archived exam is kept with its results but offers nothing to students.';
comment on column public.exams.default_duration_minutes is
  'The length a new sitting of the exam starts with, and the exam''s length while it has no active sitting.';
comment on column public.exams.shuffle_questions is 'What a new sitting of the exam starts with (each sitting decides for itself).';
comment on column public.exams.shuffle_options is 'What a new sitting of the exam starts with (each sitting decides for itself).';
comment on column public.exams.archived_at is
  'When an administrator archived the exam; null while it is in use. Its codes no longer start and students no longer see its sittings.';
-- Two exams still in use never share a name: the picker and the students tell them apart by it.
create unique index exams_name_in_use_key on public.exams (lower(btrim(name))) where archived_at is null;
create index exams_created_at_idx on public.exams (created_at, id);

insert into public.exams (name, created_at)
select coalesce((select es.exam_name from public.exam_schedule es where es.is_active order by es.created_at desc limit 1),
                'Holdfast Assessment'),
       coalesce((select min(created_at) from public.exam_schedule), now());

-- The exam a row written without one belongs to: the first exam (by creation) not archived.
create function public.first_exam_id() returns uuid
language sql stable security definer set search_path = ''
as $$
  select e.id from public.exams e where e.archived_at is null order by e.created_at, e.id limit 1
$$;
comment on function public.first_exam_id() is
  'The school''s first exam still in use: where a row written without an exam goes (a one-exam school, an older client).';
revoke all on function public.first_exam_id() from public, anon, authenticated, service_role;
grant execute on function public.first_exam_id() to authenticated, service_role;

alter table public.exams enable row level security;
revoke all on table public.exams from anon, authenticated;
create policy "Admins can read exams" on public.exams for select to authenticated
  using ((select public.is_admin()));
create policy "Admins can create exams" on public.exams for insert to authenticated
  with check ((select public.is_admin()));
create policy "Admins can update exams" on public.exams for update to authenticated
  using ((select public.is_admin())) with check ((select public.is_admin()));
grant select on public.exams to authenticated;
grant insert (name, default_duration_minutes, shuffle_questions, shuffle_options) on public.exams to authenticated;
grant update (name, default_duration_minutes, shuffle_questions, shuffle_options, archived_at) on public.exams to authenticated;
grant all on public.exams to service_role;
alter publication supabase_realtime add table public.exams;

-- Questions: numbered 1 to 50 within their exam.
-- Added with its default, which fills every existing row without firing the activity triggers.
alter table public.questions
  add column exam_id uuid not null default public.first_exam_id() references public.exams (id) on delete cascade;
alter table public.questions drop constraint questions_question_number_key;
alter table public.questions add constraint questions_exam_id_question_number_key unique (exam_id, question_number);
alter table public.questions disable trigger questions_record_updates;
update public.questions set exam_category_id = exam_id;
alter table public.questions enable trigger questions_record_updates;
comment on column public.questions.exam_id is 'The exam the question belongs to; its number is unique within it.';
comment on column public.questions.exam_category_id is 'The original brief''s field: always the question''s exam (exam_id), whatever a writer sends (private.keep_exam_category).';
grant insert (exam_id), update (exam_id) on public.questions to authenticated;

-- Sittings.
alter table public.exam_schedule
  add column exam_id uuid not null default public.first_exam_id() references public.exams (id) on delete cascade;
create index exam_schedule_exam_id_idx on public.exam_schedule (exam_id, start_time);
comment on column public.exam_schedule.exam_id is 'The exam this row is a sitting of.';
comment on table public.exam_schedule is
  'Sittings: the windows in which an exam''s codes may start. A code starts in its exam''s sitting that is open now (the newest such), else it waits for the next.';
grant insert (exam_id) on public.exam_schedule to authenticated;

-- Students see the names of the exams whose sittings they see (the login screen names them).
create policy "Visitors can read exams with an active sitting" on public.exams for select to anon
  using (archived_at is null
         and exists (select 1 from public.exam_schedule es where es.exam_id = exams.id and es.is_active));
grant select (id, name) on public.exams to anon;

-- Login codes: each generated for one exam.
alter table public.login_codes
  add column exam_id uuid not null default public.first_exam_id() references public.exams (id) on delete cascade;
create index login_codes_exam_id_is_used_created_at_idx on public.login_codes (exam_id, is_used, created_at desc, id);
comment on column public.login_codes.exam_id is 'The exam the code was generated for: it starts, submits and reads solutions of that exam only.';
grant insert (exam_id) on public.login_codes to authenticated;

-- Attempts: the exam of their code and the sitting they started in.
alter table public.exam_attempts add column exam_id uuid references public.exams (id) on delete cascade;
alter table public.exam_attempts add column sitting_id uuid references public.exam_schedule (id) on delete set null;
update public.exam_attempts a set exam_id = lc.exam_id from public.login_codes lc where lc.code = a.login_code;
update public.exam_attempts a
   set sitting_id = (select es.id from public.exam_schedule es
                      where a.started_at between es.start_time - interval '2 minutes' and es.end_time + interval '180 minutes'
                      order by es.is_active desc, es.created_at desc limit 1);
alter table public.exam_attempts alter column exam_id set not null, alter column exam_id set default public.first_exam_id();
create index exam_attempts_exam_id_started_at_idx on public.exam_attempts (exam_id, started_at desc);
comment on column public.exam_attempts.exam_id is 'The exam of the attempt''s code.';
comment on column public.exam_attempts.sitting_id is 'The sitting the attempt''s code started in; null without one (or once it is deleted).';

-- Submissions: the exam of their code, kept after the code is gone.
alter table public.submissions add column exam_id uuid not null default public.first_exam_id() references public.exams (id);
update public.submissions set exam_category_id = exam_id;
create index submissions_exam_id_submitted_at_idx on public.submissions (exam_id, submitted_at desc) include (score);
comment on column public.submissions.exam_id is 'The exam of the submission''s code: its results, ranking and analysis are that exam''s.';
comment on column public.submissions.exam_category_id is 'The original brief''s field: always the submission''s exam (exam_id), whatever a writer sends (private.keep_exam_category).';

-- Key corrections and room time: the exam they were made for.
alter table public.key_corrections
  add column exam_id uuid not null default public.first_exam_id() references public.exams (id) on delete cascade;
comment on column public.key_corrections.exam_id is 'The exam of the corrected question.';

alter table public.room_time_additions
  add column exam_id uuid not null default public.first_exam_id() references public.exams (id) on delete cascade;
comment on column public.room_time_additions.exam_id is 'The exam whose students got the time.';

-- The activity log: which exam an action concerned (null for one that concerns none, such as a
-- guessing limit). No reference: the log outlives anything.
alter table public.audit_log add column exam_id uuid;
update public.audit_log set exam_id = public.first_exam_id()
 where action not in ('guessing_limit_cleared', 'address_trust_ended');
create index audit_log_exam_id_occurred_at_idx on public.audit_log (exam_id, occurred_at desc, id desc);
comment on column public.audit_log.exam_id is 'The exam the action concerned; null for one that concerns no exam.';

-- New kinds of activity, added to the list as it stands.
do $$
declare
  kinds text;
begin
  select string_agg(quote_literal(m.kind[1]), ', ' order by m.n) into kinds
    from pg_constraint c,
         regexp_matches(pg_get_constraintdef(c.oid), '''([a-z_]+)''', 'g') with ordinality as m(kind, n)
   where c.conrelid = 'public.audit_log'::regclass and c.conname = 'audit_log_action_check';
  alter table public.audit_log drop constraint audit_log_action_check;
  execute format('alter table public.audit_log add constraint audit_log_action_check check (action in (%s, %L, %L, %L))',
                 kinds, 'exam_created', 'exam_changed', 'exam_duplicated');
end
$$;

-- The original brief's exam_category_id follows exam_id on every write, so a client that sends
-- the row it read (or null, as the brief's import did) never moves a row to another exam.
create function private.keep_exam_category() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.exam_category_id := new.exam_id;
  return new;
end
$$;
revoke all on function private.keep_exam_category() from public, anon, authenticated, service_role;
create trigger questions_keep_exam_category before insert or update on public.questions
  for each row execute function private.keep_exam_category();
create trigger submissions_keep_exam_category before insert or update of exam_id, exam_category_id on public.submissions
  for each row execute function private.keep_exam_category();
