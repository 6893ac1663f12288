import { afterEach, describe, expect, it } from 'vitest'
import { openPglite } from '../../supabase/local/db.ts'
import { renderSchemaSnapshot } from '../../supabase/local/schema-snapshot.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

// supabase/schema.sql (kept in sync with the migrations by local-stack.test.ts) shows what our
// migrations use; this covers what they may use next.
describe('the schema snapshot', () => {
  it('shows identity and generated columns, forced and restrictive row-level security, grant options, views and procedures, and no extension objects', async () => {
    const db = await openPglite(undefined)
    cleanups.push(() => db.close())
    await db.exec(`
      create role anon nologin;
      create role authenticated nologin;
      create role service_role nologin;
      create extension pg_trgm;
      create schema private;
      create table public.ledger (
        id bigint generated always as identity primary key,
        amount integer not null default 0 check (amount >= 0),
        doubled integer generated always as (amount * 2) stored
      );
      comment on column public.ledger.amount is 'Pence, never negative.';
      alter table public.ledger enable row level security;
      alter table public.ledger force row level security;
      create policy "Only positive amounts" on public.ledger as restrictive for all to public using (amount > 0);
      grant select, insert on table public.ledger to authenticated with grant option;
      create view public.ledger_total with (security_invoker = true) as select sum(amount) as total from public.ledger;
      comment on view public.ledger_total is 'The sum of every amount.';
      grant select on public.ledger_total to anon, authenticated;
      create procedure private.settle() language sql as $$ select 1 $$;
      comment on procedure private.settle() is 'Settles nothing.';
    `)

    const snapshot = await renderSchemaSnapshot(db)

    expect(snapshot.slice(snapshot.indexOf('-- Schema private'))).toBe(`-- Schema private
CREATE SCHEMA private;

CREATE OR REPLACE PROCEDURE private.settle()
 LANGUAGE sql
AS $procedure$ select 1 $procedure$;
COMMENT ON PROCEDURE private.settle() IS 'Settles nothing.';
GRANT EXECUTE ON PROCEDURE private.settle() TO PUBLIC;

-- Schema public
COMMENT ON SCHEMA public IS 'standard public schema';
GRANT USAGE ON SCHEMA public TO PUBLIC;

CREATE TABLE public.ledger (
  id bigint NOT NULL GENERATED ALWAYS AS IDENTITY,
  amount integer NOT NULL DEFAULT 0,
  doubled integer GENERATED ALWAYS AS ((amount * 2)) STORED,
  CONSTRAINT ledger_pkey PRIMARY KEY (id),
  CONSTRAINT ledger_amount_check CHECK ((amount >= 0))
);
COMMENT ON COLUMN public.ledger.amount IS 'Pence, never negative.';
ALTER TABLE public.ledger ENABLE ROW LEVEL SECURITY;
ALTER TABLE public.ledger FORCE ROW LEVEL SECURITY;
CREATE POLICY "Only positive amounts" ON public.ledger AS RESTRICTIVE FOR ALL TO PUBLIC
  USING ((amount > 0));
GRANT SELECT, INSERT ON TABLE public.ledger TO authenticated WITH GRANT OPTION;

CREATE VIEW public.ledger_total WITH (security_invoker=true) AS
 SELECT sum(amount) AS total
   FROM public.ledger;
COMMENT ON VIEW public.ledger_total IS 'The sum of every amount.';
GRANT SELECT ON TABLE public.ledger_total TO anon, authenticated;
`)
  })
})
