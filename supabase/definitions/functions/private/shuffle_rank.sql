create or replace function private.shuffle_rank(seed bytea, label text) returns bytea
language sql immutable set search_path = ''
as $$
  select sha256(seed || convert_to('holdfast-shuffle/' || label, 'UTF8'))
$$;
comment on function private.shuffle_rank(bytea, text) is
  'A code''s sort key (seed: its answer-file key) for one question (''question:7'') or option (''option:7:C''): its shuffled order sorts by it.';
revoke all on function private.shuffle_rank(bytea, text) from public, anon, authenticated, service_role;
