-- A batch of codes with different extra time (one POST can carry any mix) says which code got
-- which: extra_minutes when the batch shares one, extra_minutes_by_code (codes with extra time
-- only) when it does not.
create or replace function private.record_login_code_batch() returns trigger
language plpgsql volatile security definer set search_path = ''
as $$
declare
  batch_size integer;
  codes jsonb;
  extra integer;
  extra_by_code jsonb;
  used_codes jsonb;
begin
  if tg_op = 'INSERT' then
    select count(*), jsonb_agg(b.code order by b.code),
           case when min(b.extra_minutes) = max(b.extra_minutes) then max(b.extra_minutes) end,
           case when min(b.extra_minutes) <> max(b.extra_minutes)
                then jsonb_object_agg(b.code, b.extra_minutes) filter (where b.extra_minutes > 0) end
      into batch_size, codes, extra, extra_by_code
      from inserted b;
  else
    -- A used code deleted takes its attempts and snapshot with it and hides its result from the
    -- student (the submission stays): the log says which codes were used.
    select count(*), jsonb_agg(b.code order by b.code), jsonb_agg(b.code order by b.code) filter (where b.is_used)
      into batch_size, codes, used_codes
      from deleted b;
  end if;
  if batch_size > 0 then
    perform private.record_activity(
      case when tg_op = 'INSERT' then 'codes_generated' else 'codes_deleted' end,
      case when batch_size = 1 then codes ->> 0 end,
      jsonb_strip_nulls(jsonb_build_object('count', batch_size, 'codes', codes, 'extra_minutes', extra,
                                           'extra_minutes_by_code', extra_by_code, 'used_codes', used_codes)));
  end if;
  return null;
end
$$;
comment on function private.record_login_code_batch() is
  'Records login codes generated or deleted by one statement: the codes, the extra time they were made with (one figure, or each code''s when they differ), and which of those deleted had been used.';
revoke all on function private.record_login_code_batch() from public, anon, authenticated, service_role;
