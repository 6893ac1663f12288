-- The Proctor Room's "Add time for everyone" (docs/product.md#extra-time): extra time on the code
-- of every student still writing (of the exam and sitting given, or all), so it moves their
-- deadlines and the solutions wait for it like any accommodation; refused whole when it would take
-- anyone past 180 minutes of extra time. Recorded once per exam reached, with the sitting given
-- (else the exam's current sitting, whose students it reached: private.codes_still_writing).
create or replace function public.add_time_for_everyone(minutes integer, exam_id uuid default null, sitting_id uuid default null)
returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  codes text[];
begin
  perform private.require_admin();
  if add_time_for_everyone.minutes is null or add_time_for_everyone.minutes not between 1 and 180 then
    perform private.invalid_argument('minutes must be a whole number from 1 to 180');
  end if;
  -- Locked in code order, so two additions at once queue rather than deadlock.
  select coalesce(array_agg(locked.code order by locked.code), '{}') into codes
    from (select lc.code from public.login_codes lc
           where lc.code in (select private.codes_still_writing(add_time_for_everyone.exam_id, add_time_for_everyone.sitting_id))
           order by lc.code for update) locked;
  if cardinality(codes) = 0 then
    return jsonb_build_object('outcome', 'nobody_writing', 'students', 0);
  end if;
  if exists (select 1 from public.login_codes lc
              where lc.code = any (codes) and lc.extra_minutes + add_time_for_everyone.minutes > 180) then
    perform private.invalid_argument('a student would have more than 180 minutes of extra time');
  end if;
  -- The trigger on login_codes.extra_minutes (private.shift_attempt_deadlines) moves the deadlines
  -- of the codes' attempts.
  update public.login_codes lc set extra_minutes = lc.extra_minutes + add_time_for_everyone.minutes
   where lc.code = any (codes);
  insert into public.room_time_additions (exam_id, schedule_id, minutes, login_codes, added_by, added_by_email)
  select reached.exam_id,
         coalesce(add_time_for_everyone.sitting_id, (select cs.id from private.current_sitting(reached.exam_id) cs)),
         add_time_for_everyone.minutes, reached.codes, (select auth.uid()),
         (select au.email from public.admin_users au where au.user_id = (select auth.uid()))
    from (select lc.exam_id, array_agg(lc.code order by lc.code) as codes
            from public.login_codes lc where lc.code = any (codes)
           group by lc.exam_id) reached
   order by reached.exam_id;
  return jsonb_build_object('outcome', 'added', 'students', cardinality(codes), 'minutes', add_time_for_everyone.minutes);
end
$$;
comment on function public.add_time_for_everyone(integer, uuid, uuid) is
  'Administrators: adds 1 to 180 minutes to every student still writing (of one exam and sitting, or all: their codes'' extra minutes, so their deadlines move) and records it per exam; added with how many students, or nobody_writing.';
revoke all on function public.add_time_for_everyone(integer, uuid, uuid) from public, anon, authenticated, service_role;
grant execute on function public.add_time_for_everyone(integer, uuid, uuid) to authenticated, service_role;
