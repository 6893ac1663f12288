-- How many of the proctor room's attempts have each status now, and what the room-outage banner
-- decides from (src/domain/room-outage.ts), over every page: `writing`, the attempts still being
-- written (on track or offline; a device that reported its submission is done writing), and the
-- largest group of them that fell silent within 2 minutes of each other: `silent_together`
-- attempts, the first of them last heard from at `silent_since` (null when none is silent).
create or replace function public.admin_live_attempt_counts(exam_id uuid default null, sitting_id uuid default null)
returns jsonb
language sql stable set search_path = ''
as $$
  with room as (
    select a.status, a.last_seen
      from public.admin_live_attempts(admin_live_attempt_counts.exam_id, admin_live_attempt_counts.sitting_id) a
  ),
  silent as (select r.last_seen from room r where r.status = 'offline'),
  -- Each silent attempt opens a 2-minute window; the fullest window (the earliest of equals) is the group.
  -- Each silent device with how many fell silent in the 2 minutes from it: one sort, not a count per pair.
  largest_group as (
    select s.last_seen as since,
           count(*) over (order by s.last_seen range between current row and interval '2 minutes' following) as size
      from silent s
     order by size desc, since
     limit 1
  )
  select jsonb_build_object(
    'offline', count(*) filter (where r.status = 'offline'),
    'submitted_on_device', count(*) filter (where r.status = 'submitted_on_device'),
    'on_track', count(*) filter (where r.status = 'on_track'),
    'received', count(*) filter (where r.status = 'received'),
    'refused', count(*) filter (where r.status = 'refused'),
    'moved', count(*) filter (where r.status = 'moved'),
    'writing', count(*) filter (where r.status in ('on_track', 'offline')),
    'silent_together', coalesce((select g.size from largest_group g), 0),
    'silent_since', (select g.since from largest_group g))
    from room r
$$;
comment on function public.admin_live_attempt_counts(uuid, uuid) is
  'How many of the proctor room''s attempts (of one exam and sitting, or all) have each status now; writing: on track or offline; silent_together: the largest number of offline attempts last heard from within 2 minutes of each other, the earliest of them at silent_since (null when none is offline).';
revoke all on function public.admin_live_attempt_counts(uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_live_attempt_counts(uuid, uuid) to authenticated, service_role;
