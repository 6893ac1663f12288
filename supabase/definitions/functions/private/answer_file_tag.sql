-- The tag is over the file's fields as the file spells them, with the answer-file key the device
-- was given: the key of the stored code (a device keeps the stored spelling, which exam_questions
-- answers, whatever the student typed).
create or replace function private.answer_file_tag(file jsonb) returns text
language sql stable set search_path = ''
as $$
  select encode(private.hmac_sha256(convert_to(concat_ws(E'\n',
      'holdfast-answer-file/1',
      file ->> 'submission_id',
      file ->> 'login_code',
      encode(convert_to(file ->> 'student_name', 'UTF8'), 'hex'),
      private.answers_canonical(file -> 'answers'),
      file ->> 'tab_switches',
      file ->> 'time_taken',
      file ->> 'started_at',
      file ->> 'submitted_at'), 'UTF8'), private.answer_file_key(private.stored_login_code(file ->> 'login_code'))), 'hex')
$$;
comment on function private.answer_file_tag(jsonb) is 'The tag an answer file made by its exam session carries: over the file''s fields as spelled, with the key of the stored code its login_code means.';
revoke all on function private.answer_file_tag(jsonb) from public, anon, authenticated, service_role;
