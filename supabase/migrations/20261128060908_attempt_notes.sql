-- Issue 28: a proctor's note on an exam attempt (docs/product.md#proctor-room): the student's seat
-- and a line on what happened ("moved to spare laptop"). One row per attempt, kept with it.
create table public.attempt_notes (
  attempt_id uuid primary key references public.exam_attempts (id) on delete cascade,
  seat text check (char_length(seat) between 1 and 20),
  note text check (char_length(note) between 1 and 500),
  noted_at timestamptz not null default now(),
  noted_by text
);
comment on table public.attempt_notes is
  'A proctor''s seat and note for an exam attempt (public.note_attempt). Administrators read it; only that function writes it; it goes with its attempt.';
comment on column public.attempt_notes.seat is 'Where the student sits (up to 20 characters); null when not given.';
comment on column public.attempt_notes.note is 'What the proctor noted (up to 500 characters); null when not given.';
comment on column public.attempt_notes.noted_by is 'The e-mail of the administrator who saved the note last.';
alter table public.attempt_notes enable row level security;
-- Written only by public.note_attempt (as owner); administrators read.
revoke all on table public.attempt_notes from anon, authenticated;
grant select on table public.attempt_notes to authenticated;
grant all on table public.attempt_notes to service_role;
