-- Whether text a person typed holds characters no school's name, seat or note needs and that make
-- what it shows lie (issue 28's outside attack): control characters (a bell, an escape, a line break
-- where a line is meant; C0, DEL and C1) and the bidirectional overrides and isolates (U+202A to
-- U+202E, U+2066 to U+2069) that show "Ada" as "adA" on the Activity screen, the footer or a row.
-- A note may keep its line breaks and tabs.
create or replace function private.unprintable_text(value text, line_breaks_allowed boolean default false) returns boolean
language sql immutable set search_path = ''
as $$
  select unprintable_text.value ~ case when unprintable_text.line_breaks_allowed
                                        then '[\x01-\x08\x0b\x0c\x0e-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]'
                                        else '[\x01-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]' end
$$;
comment on function private.unprintable_text(text, boolean) is
  'True when the text holds a control character (C0, DEL, C1; tab and line breaks allowed with line_breaks_allowed) or a bidirectional override or isolate; null for null.';
revoke all on function private.unprintable_text(text, boolean) from public, anon, authenticated, service_role;
