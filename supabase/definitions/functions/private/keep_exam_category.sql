-- The original brief's exam_category_id follows exam_id on every write, so a client that sends
-- the row it read (or null, as the brief's import did) never moves a row to another exam.
create or replace function private.keep_exam_category() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.exam_category_id := new.exam_id;
  return new;
end
$$;
revoke all on function private.keep_exam_category() from public, anon, authenticated, service_role;
