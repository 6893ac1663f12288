-- Never one copy (issue 26): the tables; the functions that use them are in supabase/definitions
-- and the migration generated after this one.
--
-- 1. The server's copy. Each progress report already carries the attempt's answers
--    (reported_answers, kept in time, never an older report over a newer one); it now carries the
--    questions the student flagged "Review later" too, kept by the same rule in reported_flags.
-- 2. Moves. An attempt whose device is lost continues on another device with a proctor's resume
--    PIN: the old attempt becomes 'moved' (moved_to, moved_at), the new one says where it came from
--    (moved_from). public.attempt_moves keeps one row per PIN offered, the PIN only as a keyed hash;
--    administrators read it, nobody writes it but the functions. A move goes with its attempts
--    (and with its code and exam).
-- 3. Submissions from the server's copy. An attempt whose device is silent when its deadline plus
--    the 2 minutes of grace passes is submitted by the server from its copy (from_server_copy, with
--    when that copy was reported); a device's or answer file's submission made in time that
--    arrives later replaces it and says so (replaced_server_copy_at).

alter table public.exam_attempts
  add column reported_flags jsonb,
  add column moved_to uuid references public.exam_attempts (id) on delete set null,
  add column moved_at timestamptz,
  add column moved_from uuid references public.exam_attempts (id) on delete set null,
  add constraint exam_attempts_reported_flags_check check (jsonb_typeof(reported_flags) = 'array'),
  add constraint exam_attempts_moved_fields check ((moved_to is null) = (moved_at is null));
alter table public.exam_attempts drop constraint exam_attempts_state_check;
alter table public.exam_attempts add constraint exam_attempts_state_check
  check (state in ('in_progress', 'submitted_on_device', 'received', 'refused', 'moved'));
comment on column public.exam_attempts.state is
  'in_progress, submitted_on_device (the device queued its submission), received (the server stored the code''s submission), refused (the server refused this attempt''s submission, see refusal) or moved (the attempt continues on another device, moved_to).';
comment on column public.exam_attempts.reported_flags is
  'The question numbers the student flagged "Review later" (a sorted JSON array), from the same report as reported_answers, by the same rule; null when none was received.';
comment on column public.exam_attempts.moved_to is 'The attempt this one continues as on another device (a proctor''s resume PIN); set with moved_at.';
comment on column public.exam_attempts.moved_at is 'When this attempt was moved to another device.';
comment on column public.exam_attempts.moved_from is 'The attempt this one continues, for an attempt resumed on a new device.';
-- The server-copy timer's question, every 30 s locally and every minute hosted: which live
-- attempts are past their deadline (a handful among the day's attempts).
create index exam_attempts_live_deadline_idx on public.exam_attempts (deadline)
  where state in ('in_progress', 'submitted_on_device');
create index exam_attempts_moved_to_idx on public.exam_attempts (moved_to) where moved_to is not null;
create index exam_attempts_moved_from_idx on public.exam_attempts (moved_from) where moved_from is not null;

create table public.attempt_moves (
  id uuid primary key default gen_random_uuid(),
  exam_id uuid not null references public.exams (id) on delete cascade,
  login_code text not null references public.login_codes (code) on update cascade on delete cascade,
  from_attempt_id uuid not null references public.exam_attempts (id) on delete cascade,
  pin_hash bytea not null,
  offered_by text,
  offered_at timestamptz not null default now(),
  expires_at timestamptz not null,
  wrong_tries integer not null default 0 check (wrong_tries between 0 and 5),
  used_at timestamptz,
  to_attempt_id uuid references public.exam_attempts (id) on delete cascade,
  constraint attempt_moves_use_fields check ((used_at is null) = (to_attempt_id is null))
);
comment on table public.attempt_moves is
  'One row per resume PIN a proctor offered (admin_offer_attempt_move) to move a live attempt to another device (resume_exam_attempt). Administrators read it; only the functions write it; it goes with its attempts.';
comment on column public.attempt_moves.pin_hash is
  'HMAC-SHA256 of the PIN under the server''s secret (private.resume_pin_hash): the PIN itself is shown once, to the administrator who offered it, and never stored.';
comment on column public.attempt_moves.offered_by is 'The e-mail of the administrator who offered the PIN.';
comment on column public.attempt_moves.expires_at is 'offered_at + 10 minutes; earlier when a newer PIN for the same code replaced it.';
comment on column public.attempt_moves.wrong_tries is 'Wrong PINs given for the code while this PIN was usable; at 5 it is spent.';
comment on column public.attempt_moves.to_attempt_id is 'The attempt the PIN started on the new device, with used_at.';
create index attempt_moves_login_code_idx on public.attempt_moves (login_code, offered_at desc);
create index attempt_moves_exam_id_idx on public.attempt_moves (exam_id);
create index attempt_moves_from_attempt_id_idx on public.attempt_moves (from_attempt_id);
create index attempt_moves_to_attempt_id_idx on public.attempt_moves (to_attempt_id) where to_attempt_id is not null;
alter table public.attempt_moves enable row level security;
-- Written only by admin_offer_attempt_move and resume_exam_attempt (as owner); administrators read.
revoke all on table public.attempt_moves from anon, authenticated;
grant select on table public.attempt_moves to authenticated;
grant all on table public.attempt_moves to service_role;

alter table public.submissions
  add column from_server_copy boolean not null default false,
  add column server_copy_saved_at timestamptz,
  add column replaced_server_copy_at timestamptz;
comment on column public.submissions.from_server_copy is
  'Submitted by the server from the attempt''s copy (reported_answers) once its deadline plus grace passed with no submission from the device (public.submit_from_server_copies).';
comment on column public.submissions.server_copy_saved_at is
  'For a submission from the server''s copy: when that copy was reported by the device; null when none was (the submission is then empty).';
comment on column public.submissions.replaced_server_copy_at is
  'For a device''s or answer file''s submission made in time that arrived after a submission from the server''s copy of the same code: when it replaced it.';

-- The activity log's new kinds: a resume PIN offered, an attempt moved with it, a submission
-- made from the server's copy, and one replaced by the device's own.
alter table public.audit_log drop constraint audit_log_action_check;
alter table public.audit_log add constraint audit_log_action_check check (action in (
  'codes_generated', 'codes_deleted', 'extra_time_changed', 'room_time_added', 'questions_added', 'questions_imported',
  'question_changed', 'questions_deleted', 'schedule_created', 'schedule_changed', 'schedule_deleted',
  'answer_file_recovered', 'submission_voided', 'submission_restored', 'key_corrected', 'guessing_limit_cleared',
  'address_trust_ended', 'exam_created', 'exam_changed', 'exam_duplicated',
  'attempt_move_offered', 'attempt_moved', 'submitted_from_server_copy', 'server_copy_replaced'));

-- Hosted Supabase has pg_cron; where it is not available (PGlite, plain PostgreSQL) the local
-- stack runs the function on a timer instead (supabase/local/retention-timer.ts).
do $$
begin
  if exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension if not exists pg_cron;
    perform cron.schedule('holdfast-server-copies', '* * * * *', 'select public.submit_from_server_copies()');
  end if;
end
$$;
