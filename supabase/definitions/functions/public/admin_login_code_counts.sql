-- The Login Code Manager's figures for one exam (or every exam) and one label (or all): how many
-- codes, available, in use and used, and every label the exam's codes carry (for the filter).
create or replace function public.admin_login_code_counts(exam_id uuid default null, label text default null) returns jsonb
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_admin();
  return (
    with codes as (
      select lc.label, private.login_code_status(lc.is_used, lc.code) as status
        from public.login_codes lc
       where admin_login_code_counts.exam_id is null or lc.exam_id = admin_login_code_counts.exam_id
    )
    select jsonb_build_object(
             'total', count(*) filter (where shown),
             'available', count(*) filter (where shown and c.status = 'available'),
             'in_use', count(*) filter (where shown and c.status = 'in_use'),
             'used', count(*) filter (where shown and c.status = 'used'),
             'labels', coalesce((select jsonb_agg(distinct l.label order by l.label) from codes l where l.label is not null), '[]'::jsonb))
      from codes c
      cross join lateral (select admin_login_code_counts.label is null or c.label = admin_login_code_counts.label as shown) s);
end
$$;
comment on function public.admin_login_code_counts(uuid, text) is
  'Administrators: the login codes of one exam (or all) and one label (or all): total, available, in_use, used, and the labels the exam''s codes carry, in order.';
revoke all on function public.admin_login_code_counts(uuid, text) from public, anon, authenticated, service_role;
grant execute on function public.admin_login_code_counts(uuid, text) to authenticated, service_role;
