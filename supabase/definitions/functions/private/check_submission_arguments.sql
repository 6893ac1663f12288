-- record_submission's first step: every argument is checked, with our own message for each, before
-- anything is read or scored, so a refused call says nothing about the key or the score and leaves
-- the code unused (docs/security.md#the-student-path; PostgreSQL's own error for a failing row once
-- carried the score, docs/architecture.md#security-model). A code that is not a code at all is
-- answered like an unknown code (the caller counts it as a failed guess); of the other arguments
-- only a missing submission_id is refused before it. Answers null when every argument can be used.
create or replace function private.check_submission_arguments(
  submission_id uuid,
  code text,
  student_name text,
  answers jsonb,
  tab_switches integer,
  time_taken integer,
  started_at timestamptz,
  submitted_at timestamptz
) returns jsonb
language plpgsql stable set search_path = ''
as $$
begin
  if check_submission_arguments.submission_id is null then
    perform private.invalid_argument('submission_id is required');
  end if;
  if check_submission_arguments.code is null or check_submission_arguments.code !~ '^[A-Z0-9]{8}$' then
    return jsonb_build_object('outcome', 'invalid_code');
  end if;
  if check_submission_arguments.student_name is null or length(check_submission_arguments.student_name) not between 2 and 200 then
    perform private.invalid_argument('student_name must be 2 to 200 characters');
  end if;
  if check_submission_arguments.answers is null or jsonb_typeof(check_submission_arguments.answers) <> 'object'
     or exists (select 1 from jsonb_each(check_submission_arguments.answers) a
                 where a.key !~ '^([1-9]|[1-4][0-9]|50)$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    perform private.invalid_argument('answers must map question numbers 1 to 50 to A, B, C or D');
  end if;
  if check_submission_arguments.tab_switches is not null and check_submission_arguments.tab_switches not between 0 and 100000 then
    perform private.invalid_argument('tab_switches must be between 0 and 100000');
  end if;
  if check_submission_arguments.time_taken is null or check_submission_arguments.time_taken not between 0 and 86400 then
    perform private.invalid_argument('time_taken must be between 0 and 86400 seconds');
  end if;
  if not isfinite(check_submission_arguments.started_at) or not isfinite(check_submission_arguments.submitted_at) then
    perform private.invalid_argument('started_at and submitted_at must be real moments');
  end if;
  return null;
end
$$;
comment on function private.check_submission_arguments(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) is
  'record_submission''s first step: refuses an argument out of range with our own message (SQLSTATE 22023), answers invalid_code for a code (normalized) that is not one, null when every argument can be used.';
revoke all on function private.check_submission_arguments(uuid, text, text, jsonb, integer, integer, timestamp with time zone, timestamp with time zone) from public, anon, authenticated, service_role;
