import { createHmac, randomBytes } from 'node:crypto'
import { mkdtemp, mkdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { renderDatabaseTypes } from '../../supabase/local/database-types.ts'
import { openPglite } from '../../supabase/local/db.ts'
import { MigrationEdited, MigrationFailed, migrate } from '../../supabase/local/migrate.ts'
import { renderSchemaSnapshot } from '../../supabase/local/schema-snapshot.ts'
import { StackStartFailed, startStack } from '../../supabase/local/stack.ts'
import { stack } from './clients.ts'

const admin = { email: 'owner@holdfast.test', password: 'owner-password' }
const cleanups: Array<() => Promise<unknown>> = []
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup()
})

async function tempDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'holdfast-stack-'))
  cleanups.push(() => rm(dir, { recursive: true, force: true }))
  return dir
}

describe('the local stack', () => {
  it.each([
    ['src/lib/api/database.types.ts', renderDatabaseTypes],
    ['supabase/schema.sql', renderSchemaSnapshot],
  ])('keeps %s in sync with the migrations (run `npm run gen:types`)', async (file, render) => {
    const db = await openPglite(undefined)
    cleanups.push(() => db.close())
    await migrate(db, { seed: false })
    const committed = await readFile(new URL(`../../${file}`, import.meta.url), 'utf8')
    expect(await render(db)).toBe(committed)
  })

  it('persists data in its directory and applies migrations and seed only once', async () => {
    const dataDir = await tempDir()
    const first = await startStack({ port: 0, dataDir, admin })
    const { rows: codes } = await first.db.query<{ code: string }>('select code from public.login_codes order by code')
    // The demo's exam week: two exams written at the same time, each with its own questions and codes.
    const { rows: exams } = await first.db.query<{ name: string; questions: number; codes: number; sittings: number }>(
      `select e.name,
              (select count(*)::int from public.questions q where q.exam_id = e.id) as questions,
              (select count(*)::int from public.login_codes lc where lc.exam_id = e.id) as codes,
              (select count(*)::int from public.exam_schedule es
                where es.exam_id = e.id and es.is_active and now() between es.start_time and es.end_time) as sittings
         from public.exams e order by e.created_at`,
    )
    expect(exams).toEqual([
      { name: 'Holdfast Assessment', questions: 50, codes: 10, sittings: 1 },
      { name: 'Physics (Year 10)', questions: 20, codes: 10, sittings: 1 },
    ])
    expect(codes).toHaveLength(20)
    await first.db.query(`insert into public.login_codes (code) values ('KEEPME01')`)
    const anonKey = first.anonKey
    await first.close()

    const second = await startStack({ port: 0, dataDir, admin })
    cleanups.push(() => second.close())
    const { rows } = await second.db.query<{ code: string }>('select code from public.login_codes order by code')
    expect(rows.map((r) => r.code)).toEqual([...codes.map((c) => c.code), 'KEEPME01'].sort())
    // The keys are derived from the stored secret alone, so a build that embeds them keeps working.
    expect(second.anonKey).toBe(anonKey)
    const { rows: history } = await second.db.query<{ count: number }>(
      'select count(*)::int as count from supabase_migrations.schema_migrations',
    )
    expect(history[0]?.count).toBeGreaterThanOrEqual(3)
  })

  it('stops with a clear message when the port is in use', async () => {
    const port = Number(new URL(stack.url).port)
    await expect(startStack({ port, admin })).rejects.toThrow(
      new StackStartFailed(`Port ${port} is already in use. Stop the other server or set PORT to a free port.`),
    )
  })

  it('names the migration that fails and leaves the database without it', async () => {
    const dir = await tempDir()
    await mkdir(join(dir, 'migrations'))
    await writeFile(join(dir, 'migrations', '20260101000000_create_ok.sql'), 'create table public.ok (id int primary key);')
    await writeFile(
      join(dir, 'migrations', '20260102000000_break_things.sql'),
      'create table public.half (id int); select no_such_function();',
    )
    await writeFile(join(dir, 'seed.sql'), '')
    const db = await openPglite(undefined)
    cleanups.push(() => db.close())
    const failure = migrate(db, { dir })
    await expect(failure).rejects.toBeInstanceOf(MigrationFailed)
    await expect(failure).rejects.toThrow(
      /^Migration 20260102000000_break_things\.sql failed: function no_such_function\(\) does not exist/,
    )
    const { rows } = await db.query<{ ok: string | null; half: string | null }>(
      `select to_regclass('public.ok')::text as ok, to_regclass('public.half')::text as half`,
    )
    expect(rows[0]).toEqual({ ok: 'ok', half: null })
  })

  it('refuses to start on a database whose applied migration was edited since, naming the file', async () => {
    const dir = await tempDir()
    await mkdir(join(dir, 'migrations'))
    const file = join(dir, 'migrations', '20260101000000_create_kept.sql')
    await writeFile(file, 'create table public.kept (id int primary key);\r\n')
    await writeFile(join(dir, 'seed.sql'), '')
    const db = await openPglite(undefined)
    cleanups.push(() => db.close())
    expect(await migrate(db, { dir })).toEqual(['20260101000000_create_kept.sql'])

    // The same text with other line ends is the same migration.
    await writeFile(file, 'create table public.kept (id int primary key);\n')
    expect(await migrate(db, { dir })).toEqual([])

    await writeFile(file, 'create table public.kept (id int primary key, note text);\n')
    await writeFile(join(dir, 'migrations', '20260102000000_create_later.sql'), 'create table public.later (id int);')
    const refusal = migrate(db, { dir })
    await expect(refusal).rejects.toBeInstanceOf(MigrationEdited)
    await expect(refusal).rejects.toThrow(/^Migration 20260101000000_create_kept\.sql was edited after this database applied it/)
    const { rows } = await db.query<{ later: string | null }>(`select to_regclass('public.later')::text as later`)
    expect(rows[0]).toEqual({ later: null })
  })

  it('serves the runtime configuration the app reads at start', async () => {
    const res = await fetch(`${stack.url}/config.json`)
    expect(await res.json()).toEqual({ supabaseUrl: stack.url, supabaseAnonKey: stack.anonKey })
  })
})

describe('the database catalogue, in the spirit of Supabase security advisor', () => {
  async function migrated() {
    const db = await openPglite(undefined)
    cleanups.push(() => db.close())
    await migrate(db, { seed: false })
    return db
  }

  it('has row-level security on every table in public, and no TRUNCATE, TRIGGER or REFERENCES for API roles', async () => {
    const db = await migrated()
    const { rows: tables } = await db.query<{ name: string; rls: boolean }>(
      `select c.relname as name, c.relrowsecurity as rls from pg_class c join pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind = 'r' order by 1`,
    )
    expect(tables.map((t) => t.name)).toEqual([
      'admin_users',
      'attempt_moves',
      'attempt_notes',
      'attempt_questions',
      'audit_log',
      'code_guess_failures',
      'exam_attempts',
      'exam_schedule',
      'exams',
      'key_corrections',
      'login_codes',
      'questions',
      'room_time_additions',
      'site_settings',
      'submission_tallies',
      'submissions',
      'trusted_addresses',
    ])
    expect(tables.filter((t) => !t.rls)).toEqual([])
    const { rows: privileges } = await db.query<{ grantee: string; table_name: string; privilege_type: string }>(
      `select grantee, table_name, privilege_type from information_schema.role_table_grants
        where table_schema = 'public' and grantee in ('anon', 'authenticated')
          and privilege_type in ('TRUNCATE', 'TRIGGER', 'REFERENCES')`,
    )
    expect(privileges).toEqual([])
  })

  // Those that run as the caller too: Supabase's advisor warns about any function without one
  // (function_search_path_mutable), and a caller's own objects could otherwise stand in for ours.
  it('gives every function in public and private an empty search_path', async () => {
    const db = await migrated()
    const { rows } = await db.query<{ name: string; config: string[] | null }>(
      `select n.nspname || '.' || p.proname as name, p.proconfig as config
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname in ('public', 'private')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.classid = 'pg_proc'::regclass and d.deptype = 'e')`,
    )
    expect(rows.length).toBeGreaterThanOrEqual(70)
    expect(rows.filter((r) => !(r.config ?? []).includes('search_path=""')).map((r) => r.name)).toEqual([])
  })

  it('keeps the private schema, the failed-guess counts and the answer-file secret out of reach of the API roles', async () => {
    const db = await migrated()
    const { rows } = await db.query<{ role: string; schema_usage: boolean; table_access: boolean; secret_access: boolean }>(
      `select r as role, has_schema_privilege(r, 'private', 'usage') as schema_usage,
              has_table_privilege(r, 'public.code_guess_failures', 'select, insert, update, delete') as table_access,
              has_table_privilege(r, 'private.answer_file_secret', 'select, insert, update, delete') as secret_access
         from unnest(array['anon', 'authenticated']) as r order by 1`,
    )
    expect(rows).toEqual([
      { role: 'anon', schema_usage: false, table_access: false, secret_access: false },
      { role: 'authenticated', schema_usage: false, table_access: false, secret_access: false },
    ])
  })

  it('computes HMAC-SHA256 as RFC 4231 and Node do, for keys shorter and longer than a block', async () => {
    const db = await migrated()
    const cases: Array<[key: Buffer, message: Buffer]> = [
      [Buffer.alloc(20, 0x0b), Buffer.from('Hi There')],
      [Buffer.from('Jefe'), Buffer.from('what do ya want for nothing?')],
      [Buffer.alloc(131, 0xaa), Buffer.from('Test Using Larger Than Block-Size Key - Hash Key First')],
      [Buffer.alloc(64, 0x01), Buffer.alloc(0)],
      [randomBytes(32), randomBytes(1000)],
    ]
    for (const [key, message] of cases) {
      const { rows } = await db.query<{ tag: string }>(`select encode(private.hmac_sha256($1, $2), 'hex') as tag`, [message, key])
      expect(rows[0]?.tag).toBe(createHmac('sha256', key).update(message).digest('hex'))
    }
    // RFC 4231, test case 1.
    expect(createHmac('sha256', cases[0]![0]).update(cases[0]![1]).digest('hex')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    )
  })

  it('lets anon execute exactly the six student functions, exam_sizes and site_settings', async () => {
    const db = await migrated()
    const { rows } = await db.query<{ name: string }>(
      `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public' and has_function_privilege('anon', p.oid, 'execute')
          and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')
        order by 1`,
    )
    expect(rows.map((r) => r.name)).toEqual([
      'check_login_code',
      'exam_questions',
      // Counts only, of the exams a visitor may name (issue 27: the home page's "About the exam").
      'exam_sizes',
      'lookup_result',
      'report_exam_attempt',
      'resume_exam_attempt',
      // The institution's details every page shows (issue 28): five fields, never who saved them.
      'site_settings',
      'submit_exam',
    ])
  })
})
