-- The Proctor Room's "Note" (docs/product.md#proctor-room): the seat (up to 20 characters) and a note
-- (up to 500) a proctor keeps on an attempt, blanks meaning none; both blank removes the note. Saving
-- replaces the attempt's earlier note and is recorded (attempt_noted) with what was saved, so the
-- activity log keeps every version. A seat is one line; a note keeps its line breaks; neither takes
-- control characters or bidirectional overrides (they would make the row and the log show other text).
create or replace function public.note_attempt(p_attempt_id uuid, p_seat text, p_note text) returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  attempt public.exam_attempts;
  new_seat text := nullif(btrim(coalesce(note_attempt.p_seat, '')), '');
  new_note text := nullif(btrim(coalesce(note_attempt.p_note, '')), '');
begin
  perform private.require_admin();
  if char_length(new_seat) > 20 then
    perform private.invalid_argument('A seat is at most 20 characters.');
  end if;
  if char_length(new_note) > 500 then
    perform private.invalid_argument('A note is at most 500 characters.');
  end if;
  if private.unprintable_text(new_seat) then
    perform private.invalid_argument('A seat can hold printable characters only, on one line.');
  end if;
  if private.unprintable_text(new_note, line_breaks_allowed => true) then
    perform private.invalid_argument('A note can hold printable characters and line breaks only.');
  end if;
  select a.* into attempt from public.exam_attempts a where a.id = note_attempt.p_attempt_id;
  if not found then
    perform private.invalid_argument('This exam attempt no longer exists.');
  end if;
  if new_seat is null and new_note is null then
    delete from public.attempt_notes n where n.attempt_id = attempt.id;
  else
    insert into public.attempt_notes as n (attempt_id, seat, note, noted_at, noted_by)
    values (attempt.id, new_seat, new_note, now(),
            (select au.email from public.admin_users au where au.user_id = (select auth.uid())))
    on conflict (attempt_id) do update
      set seat = excluded.seat, note = excluded.note, noted_at = excluded.noted_at, noted_by = excluded.noted_by;
  end if;
  perform private.record_activity('attempt_noted', attempt.login_code,
    jsonb_build_object('attempt_id', attempt.id, 'student_name', attempt.student_name, 'seat', new_seat, 'note', new_note),
    attempt.exam_id);
end
$$;
comment on function public.note_attempt(uuid, text, text) is
  'Administrators: sets the seat (up to 20 characters) and note (up to 500) of an exam attempt, blank meaning none (both blank removes it); refused (22023) when too long, holding control characters or bidirectional overrides (the note may keep line breaks), or the attempt is gone. Logged as attempt_noted with the seat, note and student_name.';
revoke all on function public.note_attempt(uuid, text, text) from public, anon, authenticated, service_role;
grant execute on function public.note_attempt(uuid, text, text) to authenticated, service_role;
