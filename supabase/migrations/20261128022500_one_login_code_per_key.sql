-- Codes nobody mistypes (issue 27): every student call finds a code by its key (O read as 0, I and
-- L as 1: private.login_code_key, in the migration after this one), so no two codes may share a
-- key. A new code whose key is another code's is refused with unique_violation, as a code already
-- taken is (the Login Code Manager draws another batch); the same index answers the lookup by key.
-- Its expression is the key of a stored code (stored codes are trimmed capitals already), written
-- with the built-in translate: an index runs its expression with the writer's rights, and no API
-- role may execute a private function.
--
-- Codes made before, from the alphabet with O, I and L, could already share a key (two random codes
-- differing only in 0/O or 1/I/L: not expected, but a migration must not fail on the data): those
-- are left out of the unique index by name and keep working typed exactly as stored
-- (private.stored_login_code tries the exact spelling first); a plain index on the key then keeps
-- the lookup by key an index scan for them too.
do $$
declare
  shared_codes text[];
begin
  select array_agg(lc.code order by lc.code) into shared_codes
    from public.login_codes lc
   where translate(lc.code, 'OIL', '011') in (select translate(o.code, 'OIL', '011') from public.login_codes o
                                               group by 1 having count(*) > 1);
  if shared_codes is null then
    create unique index login_codes_code_key_idx on public.login_codes (translate(code, 'OIL', '011'));
  else
    raise warning 'Holdfast: % login codes share a key with another code; they stay out of the unique index on the key', cardinality(shared_codes);
    execute format('create unique index login_codes_code_key_idx on public.login_codes (translate(code, ''OIL'', ''011'')) where code <> all (%L::text[])',
                   shared_codes);
    create index login_codes_shared_code_key_idx on public.login_codes (translate(code, 'OIL', '011'));
  end if;
end
$$;
