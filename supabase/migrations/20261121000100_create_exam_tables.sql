-- The exam platform's tables, each with row-level security enabled in this same migration.
-- Supabase's default privileges give anon and authenticated every privilege on new tables
-- (TRUNCATE and TRIGGER included, which row-level security does not cover), so each table
-- revokes them all and grants back only what its policies are written for.
-- Students never touch tables directly: they go through the SECURITY DEFINER functions of
-- the next migration. Anonymous visitors may read the active exam schedule; everything
-- else belongs to administrators (rows of public.admin_users).

create table public.admin_users (
  user_id uuid primary key references auth.users (id) on delete cascade,
  email text not null,
  created_at timestamptz not null default now()
);
comment on table public.admin_users is 'Signed-in users who may administer the platform. Membership is granted by operators, never by sign-up.';
alter table public.admin_users enable row level security;
revoke all on table public.admin_users from anon, authenticated;

create function public.is_admin() returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.admin_users where user_id = (select auth.uid()))
$$;
comment on function public.is_admin() is 'True when the signed-in user of this request is an administrator.';
revoke execute on function public.is_admin() from public, anon;
grant execute on function public.is_admin() to authenticated, service_role;

grant select on table public.admin_users to authenticated;
create policy "Admins can see who the admins are" on public.admin_users
  for select to authenticated using ((select public.is_admin()));

create table public.exam_schedule (
  id uuid primary key default gen_random_uuid(),
  exam_name text not null default 'Holdfast Assessment' check (length(btrim(exam_name)) between 1 and 200),
  start_time timestamptz not null,
  end_time timestamptz not null,
  duration_minutes integer not null default 30 check (duration_minutes between 5 and 180),
  is_active boolean not null default true,
  created_at timestamptz not null default now(),
  constraint exam_schedule_end_after_start check (end_time > start_time)
);
comment on table public.exam_schedule is 'Exam windows. The newest active one is the exam students can take now.';
alter table public.exam_schedule enable row level security;
revoke all on table public.exam_schedule from anon, authenticated;
grant select on table public.exam_schedule to anon;
grant select, insert, update, delete on table public.exam_schedule to authenticated;

create policy "Visitors can read active exam schedules" on public.exam_schedule
  for select to anon using (is_active);
create policy "Admins can read exam schedules" on public.exam_schedule
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can create exam schedules" on public.exam_schedule
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update exam schedules" on public.exam_schedule
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete exam schedules" on public.exam_schedule
  for delete to authenticated using ((select public.is_admin()));

create table public.login_codes (
  id uuid primary key default gen_random_uuid(),
  code text not null unique check (code ~ '^[A-Z0-9]{8}$'),
  created_at timestamptz not null default now(),
  is_used boolean not null default false,
  used_by text,
  used_at timestamptz,
  constraint login_codes_used_fields check (is_used or (used_by is null and used_at is null))
);
comment on table public.login_codes is 'One-time login codes. A code becomes used in the same transaction that stores its submission.';
alter table public.login_codes enable row level security;
revoke all on table public.login_codes from anon, authenticated;
grant select, insert, update, delete on table public.login_codes to authenticated;

create policy "Admins can read login codes" on public.login_codes
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can create login codes" on public.login_codes
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update login codes" on public.login_codes
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete login codes" on public.login_codes
  for delete to authenticated using ((select public.is_admin()));

create table public.questions (
  id uuid primary key default gen_random_uuid(),
  question_number integer not null unique check (question_number >= 1),
  question_text text not null check (length(question_text) <= 5000),
  option_a text not null default '' check (length(option_a) <= 1000),
  option_b text not null default '' check (length(option_b) <= 1000),
  option_c text not null default '' check (length(option_c) <= 1000),
  option_d text not null default '' check (length(option_d) <= 1000),
  correct_answer text not null default 'A' check (correct_answer in ('A', 'B', 'C', 'D', 'DESCRIPTIVE')),
  exam_category_id uuid,
  created_at timestamptz not null default now()
);
comment on table public.questions is 'The question bank. correct_answer never leaves the database except to administrators and, after submission, in lookup_result.';
alter table public.questions enable row level security;
revoke all on table public.questions from anon, authenticated;
grant select, insert, update, delete on table public.questions to authenticated;

create policy "Admins can read questions" on public.questions
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can create questions" on public.questions
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update questions" on public.questions
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete questions" on public.questions
  for delete to authenticated using ((select public.is_admin()));

create table public.submissions (
  id uuid primary key,
  student_name text not null check (length(btrim(student_name)) between 2 and 200),
  login_code text not null unique check (login_code ~ '^[A-Z0-9]{8}$'),
  answers jsonb not null default '{}' check (jsonb_typeof(answers) = 'object'),
  answers_fingerprint text not null,
  score integer not null check (score >= 0),
  tab_switches integer not null default 0 check (tab_switches between 0 and 100000),
  time_taken integer not null check (time_taken between 0 and 86400),
  started_at timestamptz not null,
  submitted_at timestamptz not null,
  received_at timestamptz not null default now(),
  exam_category_id uuid
);
comment on table public.submissions is 'One submission per login code. id is generated on the student''s device and makes submit_exam idempotent; received_at shows when a late (offline) submission reached the server.';
comment on column public.submissions.answers_fingerprint is 'Short receipt of the answers as stored, shown to the student on completion and to admins.';
create index submissions_submitted_at_idx on public.submissions (submitted_at desc);
alter table public.submissions enable row level security;
revoke all on table public.submissions from anon, authenticated;
grant select, insert, update, delete on table public.submissions to authenticated;

create policy "Admins can read submissions" on public.submissions
  for select to authenticated using ((select public.is_admin()));
create policy "Admins can create submissions" on public.submissions
  for insert to authenticated with check ((select public.is_admin()));
create policy "Admins can update submissions" on public.submissions
  for update to authenticated using ((select public.is_admin())) with check ((select public.is_admin()));
create policy "Admins can delete submissions" on public.submissions
  for delete to authenticated using ((select public.is_admin()));
