-- The proctor room: attempts started in the last 24 hours with their status at the server's
-- clock (as src/domain/attempt-status.ts: offline after 60 s without a report, submitted on the
-- device once such a silent attempt is past its deadline), in the proctor's
-- order (display_order): by name (the default), by seat, or problems first (offline, not yet
-- received, refused); ties by login code, so a row keeps its place as statuses change. With why a
-- refused one was refused and whether the device's storage is persistent; moves (when, from which
-- attempt, by whom), a code open on two devices at once, a submission from the server's copy or one that replaced it, and the proctor's
-- seat and note (public.attempt_notes). With an exam (and a sitting), only its attempts; each row
-- says its exam and the sitting it started in.
create or replace function public.admin_live_attempts(exam_id uuid default null, sitting_id uuid default null, order_by text default 'name')
returns table (
  id uuid,
  login_code text,
  student_name text,
  started_at timestamptz,
  deadline timestamptz,
  question_count integer,
  answered_count integer,
  tab_switches integer,
  client_online boolean,
  state text,
  refusal text,
  reported_at timestamptz,
  last_seen timestamptz,
  status text,
  extra_minutes integer,
  recovered_from_file boolean,
  arrived_late boolean,
  storage_persistent boolean,
  display_order bigint,
  exam_id uuid,
  exam_name text,
  sitting_id uuid,
  sitting_name text,
  marks jsonb
)
language sql stable set search_path = ''
as $$
  select a.id, a.login_code, a.student_name, a.started_at, a.deadline, a.question_count, a.answered_count, a.tab_switches,
         a.client_online, a.state, a.refusal, a.reported_at, a.last_seen, a.status,
         coalesce(lc.extra_minutes, 0),
         coalesce(s.recovered_from_file, false),
         coalesce(s.arrived_late, false),
         a.storage_persistent,
         -- Each order's keys are null under the others; ascending puts nulls (no seat, no name) last.
         row_number() over (
           order by case when admin_live_attempts.order_by = 'problems' then a.status_order end,
                    case when admin_live_attempts.order_by = 'problems' and a.status_order < 3 then a.last_seen end,
                    -- Seats as a room numbers them: 2 before 10, then the rest by their letters.
                    case when admin_live_attempts.order_by = 'seat' then substring(n.seat from '^[0-9]{1,9}')::integer end,
                    case when admin_live_attempts.order_by = 'seat' then lower(n.seat) end,
                    -- A moved code's attempts: the one continuing (the newest) first.
                    lower(a.student_name), a.login_code, a.started_at desc, a.id) as display_order,
         a.exam_id, (select e.name from public.exams e where e.id = a.exam_id),
         a.sitting_id, (select es.exam_name from public.exam_schedule es where es.id = a.sitting_id),
         -- The rarer marks in one column, null on a plain row: seven mostly empty columns cost the
         -- Proctor Room's first load a third more (bench/admin-screens.bench.ts).
         nullif(jsonb_strip_nulls(jsonb_build_object(
           'moved_at', a.moved_at,
           'moved_from', a.moved_from,
           'moved_by', (select m.offered_by from public.attempt_moves m
                         where m.to_attempt_id = coalesce(a.moved_to, case when a.moved_from is not null then a.id end)),
           -- Open on two devices: another attempt of the code reported while this one was live (from
           -- its start until it was moved), or this one reported while the other was live.
           'open_on_two_devices', case when exists (
             select 1 from public.exam_attempts o
              where o.login_code = a.login_code and o.id <> a.id
                and ((o.last_seen > a.started_at and (a.moved_at is null or o.last_seen < a.moved_at))
                     or (a.last_seen > o.started_at and (o.moved_at is null or a.last_seen < o.moved_at)))) then true end,
           'from_server_copy', case when s.from_server_copy then true end,
           'server_copy_saved_at', s.server_copy_saved_at,
           'replaced_server_copy_at', s.replaced_server_copy_at,
           -- The proctor's seat and note (public.note_attempt), on the rows that have them.
           'seat', n.seat,
           'note', n.note)), '{}'::jsonb)
    from (
      select x.*,
             case when x.state = 'received' then 'received'
                  when x.state = 'moved' then 'moved'
                  when x.state = 'refused' then 'refused'
                  when x.state = 'submitted_on_device' then 'submitted_on_device'
                  -- Silent past its deadline: the device's timer has ended the exam and keeps the
                  -- submission until it can send it.
                  when now() - x.last_seen > interval '60 seconds' and now() > x.deadline then 'submitted_on_device'
                  when now() - x.last_seen > interval '60 seconds' then 'offline'
                  else 'on_track' end as status,
             -- A moved attempt is settled: it continues on its new row.
             case when x.state in ('received', 'moved') then 4
                  when x.state = 'refused' then 2
                  when x.state = 'submitted_on_device' then 1
                  when now() - x.last_seen > interval '60 seconds' and now() > x.deadline then 1
                  when now() - x.last_seen > interval '60 seconds' then 0
                  else 3 end as status_order
        from public.exam_attempts x
       where x.started_at >= now() - interval '24 hours'
         and (admin_live_attempts.exam_id is null or x.exam_id = admin_live_attempts.exam_id)
         and (admin_live_attempts.sitting_id is null or x.sitting_id = admin_live_attempts.sitting_id)
    ) a
    left join public.login_codes lc on lc.code = a.login_code
    left join public.attempt_notes n on n.attempt_id = a.id
    -- A code's one submission ends all its attempts, so each of them arrived the way it did.
    left join public.submissions s on s.login_code = a.login_code and a.state = 'received'
   order by display_order
$$;
comment on function public.admin_live_attempts(uuid, uuid, text) is
  'The proctor room: attempts of one exam and sitting (or all) started in the last 24 hours with their status now, in display_order: by order_by name (the default), seat, or problems (problems first), ties by login code; with extra minutes, how the submission arrived or why it was refused, whether the device''s storage is persistent, its exam and sitting, and marks: null on a plain row, else an object with only what applies of moved_at (the old attempt), moved_from (the new), moved_by (both; status moved), open_on_two_devices (true), from_server_copy (true), server_copy_saved_at, replaced_server_copy_at, and the proctor''s seat and note. Read in pages.';
revoke all on function public.admin_live_attempts(uuid, uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_live_attempts(uuid, uuid, text) to authenticated, service_role;
