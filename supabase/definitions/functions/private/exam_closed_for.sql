-- Whether a start of `login` now is refused as exam_closed under `schedule`, the active one (all
-- null when there is none): outside the window, its end moved by the code's extra minutes
-- (docs/product.md#exam-window-and-time); or a first start after the window's end once a key of
-- the sitting has been shown, since a code made, or given time, after the release would write with
-- the key in hand. exam_questions refuses by it, and check_login_code answers by it, so a student
-- the code step lets on is not refused at the start.
create or replace function private.exam_closed_for(login public.login_codes, schedule public.exam_schedule) returns boolean
language plpgsql stable set search_path = ''
as $$
begin
  return schedule.id is not null
     and (not (now() between schedule.start_time and schedule.end_time + make_interval(mins => login.extra_minutes))
          or (now() > schedule.end_time
              and not exists (select 1 from public.exam_attempts a where a.login_code = login.code)
              and private.solutions_shown_since(schedule.start_time)));
end
$$;
revoke all on function private.exam_closed_for(public.login_codes, public.exam_schedule) from public, anon, authenticated, service_role;
