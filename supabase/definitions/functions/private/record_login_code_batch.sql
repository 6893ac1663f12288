-- A batch of codes with different extra time (one POST can carry any mix) says which code got
-- which: extra_minutes when the batch shares one, extra_minutes_by_code (codes with extra time
-- only) when it does not. A statement touching several exams' codes gives each exam its own row.
-- Generated codes carry their batch's label (class, room) when they share one, and how many were
-- made for named students (the names stay on the codes, out of the log).
create or replace function private.record_login_code_batch() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  batch record;
  touched jsonb;
begin
  -- Each trigger names only its own transition table.
  if tg_op = 'INSERT' then
    select jsonb_agg(to_jsonb(i)) into touched from inserted i;
  else
    select jsonb_agg(to_jsonb(d)) into touched from deleted d;
  end if;
  for batch in
    select b.exam_id, count(*) as size, jsonb_agg(b.code order by b.code) as codes,
           case when min(b.extra_minutes) = max(b.extra_minutes) then max(b.extra_minutes) end as extra,
           case when min(b.extra_minutes) <> max(b.extra_minutes)
                then jsonb_object_agg(b.code, b.extra_minutes) filter (where b.extra_minutes > 0) end as extra_by_code,
           -- A used code deleted takes its attempts and snapshot with it and hides its result from
           -- the student (the submission stays): the log says which codes were used.
           jsonb_agg(b.code order by b.code) filter (where b.is_used) as used_codes,
           case when count(b.label) = count(*) and min(b.label) = max(b.label) then min(b.label) end as label,
           count(b.student_name) as named
      from jsonb_to_recordset(coalesce(touched, '[]'::jsonb))
           as b(exam_id uuid, code text, extra_minutes integer, is_used boolean, label text, student_name text)
     group by b.exam_id
     order by b.exam_id
  loop
    perform private.record_activity(
      case when tg_op = 'INSERT' then 'codes_generated' else 'codes_deleted' end,
      case when batch.size = 1 then batch.codes ->> 0 end,
      jsonb_strip_nulls(jsonb_build_object('count', batch.size, 'codes', batch.codes,
        'extra_minutes', case when tg_op = 'INSERT' then batch.extra end,
        'extra_minutes_by_code', case when tg_op = 'INSERT' then batch.extra_by_code end,
        'label', case when tg_op = 'INSERT' then batch.label end,
        'named_codes', case when tg_op = 'INSERT' and batch.named > 0 then batch.named end,
        'used_codes', case when tg_op = 'DELETE' then batch.used_codes end)),
      batch.exam_id);
  end loop;
  return null;
end
$$;
comment on function private.record_login_code_batch() is
  'Records login codes generated or deleted by one statement, one row per exam: the codes, the extra time they were made with (one figure, or each code''s when they differ), the label they share and how many were made for named students, and which of those deleted had been used.';
revoke all on function private.record_login_code_batch() from public, anon, authenticated, service_role;
