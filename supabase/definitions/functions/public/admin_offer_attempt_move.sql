-- The Proctor Room's "Move to a new device" (docs/product.md#resume-on-another-device): a resume PIN
-- for a live attempt (private.live_attempts) of an unused code, valid for 10 minutes, which the
-- student types on the new device (resume_exam_attempt). 6 digits from gen_random_uuid()'s strong
-- random source (its first 48 bits, all random in a version-4 UUID; the modulo's bias is below one
-- in 10^8), shown once to the administrator and stored only as its keyed hash. A new offer for the
-- code ends its earlier unused PIN (expired now), so one PIN at a time is usable. Recorded
-- (attempt_move_offered), never with the PIN.
create or replace function public.admin_offer_attempt_move(attempt_id uuid) returns jsonb
language plpgsql volatile security definer set search_path = ''
as $$
declare
  attempt public.exam_attempts;
  login public.login_codes;
  pin text;
  offer public.attempt_moves;
begin
  perform private.require_admin();
  select a.* into attempt from public.exam_attempts a where a.id = admin_offer_attempt_move.attempt_id;
  if found then
    -- Locked, as a start, a move and a submission of the code lock it.
    select lc.* into login from public.login_codes lc where lc.code = attempt.login_code for update;
  end if;
  if attempt.id is null or login.is_used
     or not exists (select 1 from private.live_attempts(attempt.login_code) l where l.id = attempt.id) then
    perform private.invalid_argument('This attempt is no longer in progress, so it cannot be moved.');
  end if;
  pin := lpad((('x' || substr(replace(gen_random_uuid()::text, '-', ''), 1, 12))::bit(48)::bigint % 1000000)::text, 6, '0');
  update public.attempt_moves m set expires_at = now()
   where m.login_code = attempt.login_code and m.used_at is null and m.expires_at > now();
  insert into public.attempt_moves (exam_id, login_code, from_attempt_id, pin_hash, offered_by, expires_at)
  values (attempt.exam_id, attempt.login_code, attempt.id, private.resume_pin_hash(attempt.login_code, pin),
          (select au.email from public.admin_users au where au.user_id = (select auth.uid())),
          now() + interval '10 minutes')
  returning * into offer;
  perform private.record_activity('attempt_move_offered', attempt.login_code,
    jsonb_build_object('attempt_id', attempt.id, 'student_name', attempt.student_name, 'expires_at', offer.expires_at),
    attempt.exam_id);
  return jsonb_build_object('pin', pin, 'expires_at', offer.expires_at);
end
$$;
comment on function public.admin_offer_attempt_move(uuid) is
  'Administrators: a resume PIN (6 digits, valid 10 minutes, replacing the code''s earlier unused one) moving a live attempt of an unused code to a new device: {pin, expires_at}; refused (22023, "This attempt is no longer in progress, so it cannot be moved.") otherwise. Logged as attempt_move_offered, without the PIN.';
revoke all on function public.admin_offer_attempt_move(uuid) from public, anon, authenticated, service_role;
grant execute on function public.admin_offer_attempt_move(uuid) to authenticated, service_role;
