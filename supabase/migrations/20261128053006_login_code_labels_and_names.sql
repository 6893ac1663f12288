-- Codes a teacher can hand out (issue 28): a code may carry the label of its batch (class, room)
-- and the name of the student it is meant for, so that a list, the CSV and the printed slips say
-- whose code is whose. Both are optional; a blank one is stored as null, never as spaces.
alter table public.login_codes
  add column label text,
  add column student_name text,
  add constraint login_codes_label_check check (label is null or (label = btrim(label) and length(label) between 1 and 60)),
  add constraint login_codes_student_name_check
    check (student_name is null or (student_name = btrim(student_name) and length(student_name) between 1 and 100));
comment on column public.login_codes.label is 'The batch''s label given when the code was generated (a class, a room), 1 to 60 characters, trimmed; null without one.';
comment on column public.login_codes.student_name is 'The student the code was generated for (one code per name of a class list), 1 to 100 characters, trimmed; null for a code handed to anyone.';
-- The label filter of the Login Code Manager reads one exam's codes of one label.
create index login_codes_exam_id_label_idx on public.login_codes (exam_id, label);
-- Administrators write both when they generate codes; nobody changes them afterwards.
grant insert (label, student_name) on table public.login_codes to authenticated;
