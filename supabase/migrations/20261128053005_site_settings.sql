-- Issue 28: the institution's details, set once on the admin Settings screen instead of in
-- src/config/contact.ts: the footer's contact block and the product name the header shows. One row
-- (the check on `id` keeps it one); null means "not set yet", so the pages show placeholders and the
-- dashboard reminds the administrator. Nobody reads or writes the table directly: visitors read it
-- through public.site_settings(), administrators save it through public.save_site_settings(), which
-- checks the values and records the change.
create table public.site_settings (
  id boolean primary key default true check (id),
  institution_name text check (length(institution_name) between 1 and 120),
  contact_email text check (length(contact_email) between 3 and 254),
  contact_phone text check (length(contact_phone) between 1 and 40),
  address text check (length(address) between 1 and 300),
  product_name text not null default 'Holdfast' check (length(product_name) between 1 and 40),
  updated_at timestamptz,
  updated_by text
);
comment on table public.site_settings is
  'The institution''s details shown on every page (one row): read through public.site_settings(), saved by administrators through public.save_site_settings().';
comment on column public.site_settings.institution_name is 'The footer''s contact block names it; null until the administrator sets it.';
comment on column public.site_settings.product_name is 'What the site header and the page titles call the platform.';
comment on column public.site_settings.updated_by is 'The e-mail of the administrator who saved last.';
insert into public.site_settings default values;
alter table public.site_settings enable row level security;
revoke all on table public.site_settings from anon, authenticated;
