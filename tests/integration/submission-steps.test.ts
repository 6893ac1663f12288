import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type SqlDatabase } from '../../supabase/local/db.ts'
import { migrate } from '../../supabase/local/migrate.ts'
import { recreatePostgresDatabase } from './fresh-postgres-database.ts'

// record_submission and lookup_result are made of named steps in the private schema (migration
// 20261127000800). A student reaches them only through submit_exam and lookup_result, which check
// the guessing limit and strip an error's detail first; called directly, a step would skip both
// (claim_login_code marks a code used, list_solutions lists a key). So no API role may execute
// one, even were the schema's usage ever granted. On PGlite and on PostgreSQL (TEST_DATABASE_URL),
// on a database of this file's own.

const steps = [
  'check_submission_arguments',
  'claim_login_code',
  'counted_answers',
  'score_submission',
  'snapshot_key',
  'store_submission',
  'find_result',
  'solutions_availability',
  'list_solutions',
]

let db: SqlDatabase

beforeAll(async () => {
  const shared = process.env.TEST_DATABASE_URL
  if (shared) {
    const url = new URL(shared)
    url.pathname = `${url.pathname}_submission_steps`
    await recreatePostgresDatabase(url.href)
    db = await openPostgres(url.href, 2)
  } else {
    db = await openPglite(undefined)
  }
  await migrate(db, { seed: false })
}, 120_000)

afterAll(async () => {
  await db?.close()
})

/** The message PostgreSQL refuses `sql` with, run as `role` in a transaction undone afterwards (after `setup`, as the owner). */
async function refusalAs(role: string, sql: string, setup = ''): Promise<string> {
  const refusal = db
    .transaction(async (tx) => {
      if (setup) await tx.exec(setup)
      await tx.query(`select set_config('role', $1, true)`, [role])
      await tx.query(sql)
    })
    .then(
      () => 'not refused',
      (error: Error) => error.message,
    )
  return refusal
}

describe('the steps of record_submission and lookup_result', () => {
  it('are private functions with an empty search_path, running as their caller', async () => {
    const { rows } = await db.query<{ name: string; config: string[] | null; definer: boolean }>(
      `select p.proname as name, p.proconfig as config, p.prosecdef as definer
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'private' and p.proname = any($1) order by 1`,
      [steps],
    )
    expect(rows.map((r) => r.name)).toEqual([...steps].sort())
    expect(rows.filter((r) => !(r.config ?? []).includes('search_path=""') || r.definer)).toEqual([])
  })

  it('give no API role the right to execute them, nor does any other private function', async () => {
    const { rows } = await db.query<{ role: string; name: string }>(
      `select r as role, p.oid::regprocedure::text as name
         from pg_proc p join pg_namespace n on n.oid = p.pronamespace, unnest(array['anon', 'authenticated']) r
        where n.nspname = 'private' and has_function_privilege(r, p.oid, 'execute')`,
    )
    expect(rows).toEqual([])
  })

  it.each(['anon', 'authenticated'])('refuse %s a direct call: the schema, and the function itself', async (role) => {
    const claim = `select private.claim_login_code('00000000-0000-4000-8000-000000000001', 'ABCDEFGH', 'Direct Caller', now(), false)`
    const list = `select private.list_solutions(null::public.submissions)`
    expect(await refusalAs(role, claim)).toBe('permission denied for schema private')
    expect(await refusalAs(role, list)).toBe('permission denied for schema private')
    // Were the schema's usage granted by mistake, each step still refuses on its own.
    const granted = `grant usage on schema private to ${role}`
    expect(await refusalAs(role, claim, granted)).toBe('permission denied for function claim_login_code')
    expect(await refusalAs(role, list, granted)).toBe('permission denied for function list_solutions')
  })

  it('run for the owner, as submit_exam runs them: the call the API roles are refused is a real one', async () => {
    // An unknown code claims nothing: the step answers invalid_code and changes nothing.
    const { rows } = await db.query<{ answer: unknown }>(
      `select (private.claim_login_code('00000000-0000-4000-8000-000000000001', 'ABCDEFGH', 'Direct Caller', now(), false)).answer`,
    )
    expect(rows[0]?.answer).toEqual({ outcome: 'invalid_code' })
  })
})
