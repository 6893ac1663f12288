-- Emergency answer files. When a submission has waited on a device for more than two minutes
-- after the deadline, the completion screen offers its outbox entry as a file, tagged with an
-- HMAC-SHA256 whose key the device received with the questions. An administrator uploads the
-- file; the server recomputes the tag and records the submission (next migration).
--
-- The key of a code is HMAC-SHA256(server secret, 'holdfast-answer-file-key/' || code): one
-- key per code, derived, never stored. The secret lives in the schema `private`, out of reach
-- of every API role (administrators included); pgcrypto is in the schema `extensions`, as on
-- hosted Supabase.
--
-- The tag tells a file made by that exam session from one typed by hand or edited in a text
-- editor. It does not make the file trustworthy: it still comes from the student's device, so
-- a submission recovered this way is marked recovered_from_file for the proctor's judgement.

create table private.answer_file_secret (
  id boolean primary key default true check (id),
  secret bytea not null check (octet_length(secret) >= 32),
  created_at timestamptz not null default now()
);
comment on table private.answer_file_secret is 'The one server secret the answer-file keys are derived from.';
alter table private.answer_file_secret enable row level security;
revoke all on table private.answer_file_secret from public, anon, authenticated;
insert into private.answer_file_secret (secret) values (extensions.gen_random_bytes(32));

create function private.answer_file_key(code text) returns bytea
language sql stable set search_path = ''
as $$
  select extensions.hmac(convert_to('holdfast-answer-file-key/' || code, 'UTF8'), s.secret, 'sha256')
    from private.answer_file_secret s
$$;
comment on function private.answer_file_key(text) is 'The HMAC-SHA256 key of the answer files of a (normalised) login code.';
revoke execute on function private.answer_file_key(text) from public, anon, authenticated;

alter table public.submissions add column recovered_from_file boolean not null default false;
comment on column public.submissions.recovered_from_file is
  'Recorded by an administrator from an emergency answer file rather than sent by the device: for the proctor''s judgement.';
