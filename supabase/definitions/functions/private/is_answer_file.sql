-- An answer file: {format, version, submission_id, login_code, student_name, answers,
-- tab_switches, time_taken, started_at, submitted_at, tag}. The tag is HMAC-SHA256 (lower-case
-- hex) with the code's key over these lines joined by "\n" (src/domain/answer-file.ts makes
-- the same): "holdfast-answer-file/1", submission_id, login_code, the student's name as hex of
-- its UTF-8 bytes, the answers as "1:A,2:C", tab_switches, time_taken, started_at and
-- submitted_at exactly as the file spells them.
create or replace function private.is_answer_file(file jsonb) returns boolean
language plpgsql stable set search_path = ''
as $$
declare
  iso_time constant text := '^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,6})?(Z|[+-][0-9]{2}:[0-9]{2})$';
begin
  if jsonb_typeof(file) is distinct from 'object'
     or file ->> 'format' is distinct from 'holdfast-answer-file' or file -> 'version' is distinct from '1'::jsonb then
    return false;
  end if;
  if jsonb_typeof(file -> 'submission_id') is distinct from 'string'
     or file ->> 'submission_id' !~ '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$'
     or jsonb_typeof(file -> 'login_code') is distinct from 'string' or file ->> 'login_code' !~ '^[A-Z0-9]{8}$'
     or jsonb_typeof(file -> 'student_name') is distinct from 'string'
     or length(btrim(file ->> 'student_name')) not between 2 and 200
     or jsonb_typeof(file -> 'tag') is distinct from 'string' or file ->> 'tag' !~ '^[0-9a-f]{64}$' then
    return false;
  end if;
  if jsonb_typeof(file -> 'answers') is distinct from 'object' then
    return false;
  end if;
  -- The question numbers check_submission_arguments takes (1 to 50): a file of a submission
  -- already received goes there with its own answers, which would refuse it with a raw error.
  if exists (select 1 from jsonb_each(file -> 'answers') a
              where a.key !~ '^([1-9]|[1-4][0-9]|50)$' or a.value not in ('"A"', '"B"', '"C"', '"D"')) then
    return false;
  end if;
  if jsonb_typeof(file -> 'tab_switches') is distinct from 'number' or file ->> 'tab_switches' !~ '^[0-9]{1,6}$'
     or jsonb_typeof(file -> 'time_taken') is distinct from 'number' or file ->> 'time_taken' !~ '^[0-9]{1,5}$'
     or jsonb_typeof(file -> 'started_at') is distinct from 'string' or file ->> 'started_at' !~ iso_time
     or jsonb_typeof(file -> 'submitted_at') is distinct from 'string' or file ->> 'submitted_at' !~ iso_time then
    return false;
  end if;
  return (file ->> 'tab_switches')::integer <= 100000 and (file ->> 'time_taken')::integer <= 86400
    and (file ->> 'started_at')::timestamptz is not null and (file ->> 'submitted_at')::timestamptz is not null;
exception
  -- A time in the right shape that is no time at all (month 13, an offset of +99:99): the file
  -- is not readable, which the Proctor Room names, rather than the cast's own error text.
  when invalid_datetime_format or datetime_field_overflow or invalid_time_zone_displacement_value then
    return false;
end
$$;
comment on function private.is_answer_file(jsonb) is 'True when `file` has every field of an answer file, each in its format.';
revoke all on function private.is_answer_file(jsonb) from public, anon, authenticated, service_role;
