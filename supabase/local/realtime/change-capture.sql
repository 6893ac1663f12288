-- Change capture for the local stack's Realtime (never a migration: hosted Supabase reads the
-- write-ahead log instead). Every table of the supabase_realtime publication gets a row trigger
-- that logs the change and NOTIFYs its id on channel holdfast_realtime after commit.
-- The row image goes into a table rather than into the NOTIFY payload, which PostgreSQL caps
-- at 8000 bytes (one question with long options, or a long exam's answers, would not fit).
-- Rows are kept for a few minutes (the server deletes older ones), so any number of servers
-- on one database can each read what they are told about. Idempotent: runs on every start.

-- No API role has usage of this schema: the log holds whole rows, correct answers included.
create schema if not exists holdfast_realtime;

create table if not exists holdfast_realtime.changes (
  id bigserial primary key,
  schema_name text not null,
  table_name text not null,
  type text not null check (type in ('INSERT', 'UPDATE', 'DELETE')),
  primary_key jsonb not null,
  -- The row after an INSERT or UPDATE, before a DELETE.
  record jsonb not null,
  created_at timestamptz not null default clock_timestamp()
);
create index if not exists changes_created_at_idx on holdfast_realtime.changes (created_at);

-- Trigger arguments: the primary key's column names.
create or replace function holdfast_realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  image jsonb := to_jsonb(case when tg_op = 'DELETE' then old else new end);
  change_id bigint;
begin
  insert into holdfast_realtime.changes (schema_name, table_name, type, primary_key, record)
  values (
    tg_table_schema,
    tg_table_name,
    tg_op,
    (select jsonb_object_agg(key_column, image -> key_column) from unnest(tg_argv) as key_column),
    image
  )
  returning id into change_id;
  perform pg_notify('holdfast_realtime', change_id::text);
  return null;
end
$$;
revoke all on function holdfast_realtime.capture_change() from public;

-- Puts the trigger on every published table with a primary key (Realtime checks row-level
-- security by looking a row up by its key) and takes it off tables no longer published.
create or replace function holdfast_realtime.sync_triggers() returns void
language plpgsql set search_path = ''
as $$
declare
  target record;
begin
  for target in
    select t.tgrelid::regclass as relation
      from pg_catalog.pg_trigger t
     where t.tgname = 'holdfast_realtime_capture'
       and not exists (
         select 1 from pg_catalog.pg_publication_rel pr
           join pg_catalog.pg_publication p on p.oid = pr.prpubid
          where p.pubname = 'supabase_realtime' and pr.prrelid = t.tgrelid
       )
  loop
    execute format('drop trigger holdfast_realtime_capture on %s', target.relation);
  end loop;

  for target in
    select format('%I.%I', pt.schemaname, pt.tablename) as relation,
           (select string_agg(quote_literal(a.attname), ', ' order by a.attnum)
              from pg_catalog.pg_index i
              join pg_catalog.pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
             where i.indrelid = format('%I.%I', pt.schemaname, pt.tablename)::regclass and i.indisprimary) as key_columns
      from pg_catalog.pg_publication_tables pt
     where pt.pubname = 'supabase_realtime'
  loop
    if target.key_columns is not null then
      execute format(
        'create or replace trigger holdfast_realtime_capture after insert or update or delete on %s '
        'for each row execute function holdfast_realtime.capture_change(%s)',
        target.relation,
        target.key_columns
      );
    end if;
  end loop;
end
$$;

select holdfast_realtime.sync_triggers();
