-- The tally shard (0 to 255) of a submission, from the hash of its id's text. Widened before abs():
-- abs() of the smallest integer is out of range, and the submission could not be stored. It takes
-- the hash, not the id, so that that one hash can be checked: no id with it can be found.
create or replace function private.tally_shard(id_hash integer) returns smallint
language sql immutable set search_path = ''
as $$
  select (abs(id_hash::bigint) % 256)::smallint
$$;
revoke all on function private.tally_shard(integer) from public, anon, authenticated, service_role;
