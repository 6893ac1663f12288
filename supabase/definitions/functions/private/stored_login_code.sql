-- The stored login code a student's input means, for every student call that takes a code as
-- typed: the code spelled exactly so (trimmed, in capitals) first, else the code with the same
-- private.login_code_key (no two codes made since that key was introduced share one; two older
-- codes that did keep working, each typed as itself). An input matching no code comes back
-- trimmed and in capitals, so the callers refuse it as they refuse an unknown code.
-- plpgsql rather than SQL: every student call runs it, and plpgsql keeps its plans for the
-- connection's life (docs/architecture.md#school-scale-the-limits-of-production-here-too).
create or replace function private.stored_login_code(code text) returns text
language plpgsql stable set search_path = ''
as $$
declare
  typed text := public.normalize_login_code(stored_login_code.code);
  stored text;
begin
  select lc.code into stored from public.login_codes lc where lc.code = typed;
  if not found then
    -- A stored code's key, as the unique index login_codes_code_key_idx spells it, so it is an
    -- index scan (stored codes are trimmed capitals: this is login_code_key of the stored code).
    select lc.code into stored from public.login_codes lc
     where translate(lc.code, 'OIL', '011') = private.login_code_key(typed)
     order by lc.code limit 1;
  end if;
  return coalesce(stored, typed);
end
$$;
comment on function private.stored_login_code(text) is
  'The stored login code an input means: the one spelled so (trimmed, upper-cased), else the one with the same login_code_key; else the input trimmed and upper-cased.';
revoke all on function private.stored_login_code(text) from public, anon, authenticated, service_role;
