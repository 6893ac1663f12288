create or replace function public.search_pattern(search text) returns text
language sql immutable set search_path = ''
as $$
  -- Null for no search; otherwise an ILIKE pattern matching the text anywhere, its own % and _ taken literally.
  select case when coalesce(btrim(search), '') = '' then null
              else '%' || replace(replace(replace(btrim(search), '\', '\\'), '%', '\%'), '_', '\_') || '%' end
$$;
comment on function public.search_pattern(text) is 'The ILIKE pattern for a search box''s text (null when empty): matches it anywhere, literally.';
revoke all on function public.search_pattern(text) from public, anon, authenticated, service_role;
grant execute on function public.search_pattern(text) to authenticated, service_role;
