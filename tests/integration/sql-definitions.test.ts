import { cp, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { writeMigrationFromDefinitions } from '../../scripts/db-migration.ts'
import { openPglite, openPostgres, type SqlDatabase } from '../../supabase/local/db.ts'
import { applyDefinitions, definitionProblems, readDefinitionFiles } from '../../supabase/local/definitions.ts'
import { migrate, supabaseDir } from '../../supabase/local/migrate.ts'
import { renderSchemaSnapshot } from '../../supabase/local/schema-snapshot.ts'
import { recreatePostgresDatabase } from './fresh-postgres-database.ts'

const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

/** A database of this file's own, the migrations applied: PGlite, or PostgreSQL with TEST_DATABASE_URL. */
async function migratedDatabase(dir = supabaseDir): Promise<SqlDatabase> {
  const shared = process.env.TEST_DATABASE_URL
  let db: SqlDatabase
  if (shared) {
    const url = new URL(shared)
    url.pathname = `${url.pathname}_sql_definitions`
    await recreatePostgresDatabase(url.href)
    db = await openPostgres(url.href, 2)
  } else {
    db = await openPglite(undefined)
  }
  cleanups.push(() => db.close())
  await migrate(db, { seed: false, dir })
  return db
}

describe('supabase/definitions', () => {
  it('restates exactly what the migrations make, each function, policy and trigger in one file of its name', async () => {
    const db = await migratedDatabase()
    const before = await renderSchemaSnapshot(db)

    const found = await applyDefinitions(db, await readDefinitionFiles(supabaseDir))

    // Each line names a file or an object and what to do (`npm run db:migration -- <name>`).
    expect(definitionProblems(found), 'supabase/definitions and supabase/migrations disagree').toEqual([])
    expect(await renderSchemaSnapshot(db)).toBe(before)
    expect(found.applied.length).toBeGreaterThan(90)
  }, 120_000)
})

describe('applying definition files', () => {
  const view = (sum: string) => `create or replace view public.ledger_total as select ${sum} as total from public.ledger;
comment on view public.ledger_total is 'The sum of every amount.';
revoke all on public.ledger_total from public, anon, authenticated, service_role;
grant select on public.ledger_total to authenticated;
`

  it('tells what each file declares and changes, and what no file declares, views and policies included', async () => {
    const db = await openPglite(undefined)
    cleanups.push(() => db.close())
    await db.exec(`
      create role anon nologin;
      create role authenticated nologin;
      create role service_role nologin;
      create schema private;
      create table public.ledger (amount integer not null);
      ${view('sum(amount)')}
      create policy "Everyone reads" on public.ledger for select to authenticated using (true);
      create policy "Nobody deletes" on public.ledger for delete to authenticated using (false);
    `)
    const policies = `drop policy if exists "Everyone reads" on public.ledger;
create policy "Everyone reads" on public.ledger for select to authenticated using (true);
`

    const unchanged = await applyDefinitions(db, [
      { path: 'views/public/ledger_total.sql', sql: view('sum(amount)') },
      { path: 'policies/public/ledger.sql', sql: policies },
    ])
    const changed = await applyDefinitions(db, [
      { path: 'views/public/ledger_total.sql', sql: view('coalesce(sum(amount), 0)') },
      {
        path: 'functions/public/ledger.sql',
        sql: 'create function private.stray() returns integer language sql as $$ select 1 $$;',
      },
    ])

    expect(unchanged.applied.map(({ declared, changed }) => ({ declared, changed }))).toEqual([
      { declared: ['view public.ledger_total'], changed: [] },
      { declared: ['policy "Everyone reads" on public.ledger'], changed: [] },
    ])
    expect(unchanged.undeclared.map(({ name }) => name)).toEqual(['policy "Nobody deletes" on public.ledger'])
    expect(definitionProblems(changed)).toEqual([
      'supabase/definitions/functions/public/ledger.sql declares function private.stray(), which belongs in a file of its own name.',
      'supabase/definitions/views/public/ledger_total.sql differs from what the migrations made (view public.ledger_total): run `npm run db:migration -- <what_changed>` to write the migration.',
      'supabase/definitions/functions/public/ledger.sql differs from what the migrations made (function private.stray()): run `npm run db:migration -- <what_changed>` to write the migration.',
      'policy "Everyone reads" on public.ledger has no definition file: write it under supabase/definitions, or run `npm run db:migration -- <what_changed>` to drop it.',
      'policy "Nobody deletes" on public.ledger has no definition file: write it under supabase/definitions, or run `npm run db:migration -- <what_changed>` to drop it.',
    ])
  })
})

describe('npm run db:migration', () => {
  /** A copy of the migrations and definitions, where the generator may write. */
  async function supabaseCopy() {
    const dir = await mkdtemp(join(tmpdir(), 'holdfast-definitions-'))
    cleanups.push(() => rm(dir, { recursive: true, force: true }))
    for (const folder of ['migrations', 'definitions'])
      await cp(join(supabaseDir, folder), join(dir, folder), { recursive: true })
    return { dir, typesFile: join(dir, 'database.types.ts'), definition: (path: string) => join(dir, 'definitions', path) }
  }

  it('writes a migration from the edited files and drops what lost its file, leaving no difference', async () => {
    const copy = await supabaseCopy()
    const limitFile = copy.definition('functions/private/address_guess_limit.sql')
    const limit = await readFile(limitFile, 'utf8')
    // A new result type, which CREATE OR REPLACE refuses: the function is dropped first.
    const editedLimit = limit.replace('returns integer', 'returns bigint').replace('select 20000', 'select 30000::bigint')
    expect(editedLimit).not.toBe(limit)
    await writeFile(limitFile, editedLimit)
    const trustedFile = copy.definition('functions/private/address_trusted.sql')
    const trusted = await readFile(trustedFile, 'utf8')
    await writeFile(trustedFile, trusted.replace(/^comment on function .*;\n/m, ''))
    await rm(copy.definition('functions/private/solutions_shown_since.sql'))
    await rm(copy.definition('triggers/public/room_time_additions.sql'))
    // Two new functions, the first (by name) calling the second: it applies once the second exists.
    const newFunction = (name: string, body: string) =>
      `create or replace function private.${name}() returns integer language sql stable set search_path = ''\nas $$ ${body} $$;\n` +
      `revoke all on function private.${name}() from public, anon, authenticated, service_role;\n`
    await writeFile(
      copy.definition('functions/private/a_new_total.sql'),
      newFunction('a_new_total', 'select private.b_new_part() + 1'),
    )
    await writeFile(copy.definition('functions/private/b_new_part.sql'), newFunction('b_new_part', 'select 41'))

    const path = await writeMigrationFromDefinitions({
      supabaseDir: copy.dir,
      typesFile: copy.typesFile,
      name: 'raise_the_address_limit',
      now: new Date('2099-01-02T03:04:05Z'),
    })

    expect(path).toBe(join(copy.dir, 'migrations', '20990102030405_raise_the_address_limit.sql'))
    const migration = await readFile(path!, 'utf8')
    expect(migration).toMatch(/^-- Generated by `npm run db:migration -- raise_the_address_limit` from supabase\/definitions/)
    expect(migration).toContain('--   functions/private/address_guess_limit.sql')
    expect(migration).toContain(`drop function private.address_guess_limit();\n${editedLimit.trimEnd()}`)
    expect(migration).toContain('comment on function private.address_trusted(address text) is null;')
    expect(migration).toContain('drop trigger room_time_additions_record_activity on public.room_time_additions;')
    expect(migration).toContain('drop function private.solutions_shown_since(exam_id uuid, moment timestamp with time zone);')
    expect(migration.indexOf('-- supabase/definitions/functions/private/b_new_part.sql')).toBeGreaterThan(0)
    expect(migration.indexOf('-- supabase/definitions/functions/private/a_new_total.sql')).toBeGreaterThan(
      migration.indexOf('-- supabase/definitions/functions/private/b_new_part.sql'),
    )
    // Only what changed: an untouched function is not restated.
    expect(migration).not.toContain('private.answer_file_key')

    const db = await migratedDatabase(copy.dir)
    const { rows } = await db.query<{
      limit: string
      total: number
      trusted_comment: string | null
      shown_since: string | null
      trigger: string | null
    }>(`
      select private.address_guess_limit()::text as limit, private.a_new_total() as total,
             obj_description('private.address_trusted(text)'::regprocedure, 'pg_proc') as trusted_comment,
             to_regprocedure('private.solutions_shown_since(uuid, timestamptz)')::text as shown_since,
             (select tgname from pg_trigger where tgname = 'room_time_additions_record_activity') as trigger`)
    expect(rows).toEqual([{ limit: '30000', total: 42, trusted_comment: null, shown_since: null, trigger: null }])
    expect(await readFile(join(copy.dir, 'schema.sql'), 'utf8')).toBe(await renderSchemaSnapshot(db))
    expect(await readFile(copy.typesFile, 'utf8')).toContain('export type Database')
  }, 240_000)

  it('writes nothing when the files hold what the migrations make', async () => {
    const copy = await supabaseCopy()

    const path = await writeMigrationFromDefinitions({ supabaseDir: copy.dir, typesFile: copy.typesFile, name: 'nothing_to_do' })

    expect(path).toBeUndefined()
    expect(await readdir(join(copy.dir, 'migrations'))).toEqual(await readdir(join(supabaseDir, 'migrations')))
    expect(await readdir(copy.dir)).not.toContain('schema.sql')
  }, 120_000)
})
