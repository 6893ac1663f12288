-- Test Results per exam: the tallies behind its cards and day groups count each exam apart, so an
-- exam's figures come from its own tallies (and "all exams" from all of them). The tallies that
-- exist count the one exam there was before several.
alter table public.submission_tallies add column exam_id uuid references public.exams (id) on delete cascade;
update public.submission_tallies set exam_id = public.first_exam_id();
alter table public.submission_tallies alter column exam_id set not null;
alter table public.submission_tallies drop constraint submission_tallies_pkey;
alter table public.submission_tallies add constraint submission_tallies_pkey primary key (exam_id, bucket, shard);
comment on column public.submission_tallies.exam_id is 'The exam of the submissions counted.';
comment on table public.submission_tallies is
  'Submissions counted per exam, 15 minutes of submission time (bucket) and shard: count, score sum, questions served, passes. Kept by a trigger on submissions; read by Test Results.';

-- The screens of one exam: the Proctor Room of one sitting, the voided submissions of an exam,
-- the key corrections and room time of an exam (and their rows found when an exam goes).
create index exam_attempts_sitting_id_started_at_idx on public.exam_attempts (sitting_id, started_at desc);
create index submissions_exam_id_voided_submitted_at_idx on public.submissions (exam_id, submitted_at)
  where voided_at is not null;
create index key_corrections_exam_id_idx on public.key_corrections (exam_id);
create index room_time_additions_exam_id_idx on public.room_time_additions (exam_id);
