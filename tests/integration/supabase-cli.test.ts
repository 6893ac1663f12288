import { execFile } from 'node:child_process'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPostgres } from '../../supabase/local/db.ts'
import { renderSchemaSnapshot } from '../../supabase/local/schema-snapshot.ts'
import { dropPostgresDatabase, recreatePostgresDatabase } from './fresh-postgres-database.ts'

// Our migrations as a user deploys them, checked by Supabase's own tools: the pinned CLI
// (package.json) pushes them onto a fresh database prepared as a hosted project is, then runs
// Supabase's advisor (splinter's lints) on it. The CLI needs a PostgreSQL server, so this runs in
// the PostgreSQL run of the integration tests (TEST_DATABASE_URL, as `.ci/run` sets it), on a
// database of this file's own beside the shared one.

const repository = new URL('../../', import.meta.url).pathname
const shared = process.env.TEST_DATABASE_URL
const cli = createRequire(import.meta.url).resolve('supabase/dist/supabase.js')

interface CliRun {
  code: number
  stdout: string
  stderr: string
}

/** Runs the Supabase CLI in the repository (it reads supabase/), offline: no telemetry, no update check. */
function supabase(args: string[]): Promise<CliRun> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [cli, ...args],
      {
        cwd: repository,
        env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', SUPABASE_NO_UPDATE_NOTIFIER: '1', DO_NOT_TRACK: '1' },
        maxBuffer: 64 * 1024 * 1024,
        timeout: 240_000,
      },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code ?? 1) || 1 : 0, stdout, stderr }),
    )
  })
}

interface AdvisorFinding {
  name: string
  level: 'ERROR' | 'WARN' | 'INFO'
  detail: string
}

/** The findings the advisor printed as JSON, or a failure that shows what it printed instead. */
function parseFindings(run: CliRun): AdvisorFinding[] {
  try {
    return (JSON.parse(run.stdout) as { results: AdvisorFinding[] }).results
  } catch {
    throw new Error(`supabase db advisors printed no findings (exit code ${run.code}):\n${run.stdout}\n${run.stderr}`)
  }
}

/** Runs bootstrap.sql (what the local stack prepares) and then what only a hosted project has. */
async function prepareAsHostedProject(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    for (const script of ['supabase/local/bootstrap.sql', 'tests/integration/hosted-project.sql']) {
      await client.query(await readFile(`${repository}${script}`, 'utf8'))
    }
  } finally {
    await client.end()
  }
}

describe.skipIf(!shared)(
  'the Supabase CLI on a database prepared as a hosted project (PostgreSQL only: skipped without TEST_DATABASE_URL)',
  () => {
    let databaseUrl = ''
    /** The same database as the CLI takes it: a percent-encoded URL, no TLS on a local server. */
    let cliDatabaseUrl = ''
    let push: CliRun

    beforeAll(async () => {
      const url = new URL(shared as string)
      url.pathname = `${url.pathname}_supabase_cli`
      databaseUrl = url.href
      url.searchParams.set('sslmode', 'disable')
      cliDatabaseUrl = url.href
      await recreatePostgresDatabase(databaseUrl)
      await prepareAsHostedProject(databaseUrl)
      push = await supabase(['db', 'push', '--db-url', cliDatabaseUrl, '--yes'])
    }, 300_000)

    afterAll(async () => {
      if (databaseUrl) await dropPostgresDatabase(databaseUrl)
    })

    it('pushes every migration with supabase db push', async () => {
      expect(push.code, `supabase db push failed:\n${push.stdout}\n${push.stderr}`).toBe(0)
      const migrations = (await readdir(`${repository}supabase/migrations`)).filter((file) => file.endsWith('.sql')).sort()
      const applied = [...`${push.stdout}\n${push.stderr}`.matchAll(/^Applying migration (\S+)\.\.\.$/gm)].map((m) => m[1])
      expect(applied).toEqual(migrations)
    })

    it('leaves the schema supabase/schema.sql shows', async () => {
      const db = await openPostgres(databaseUrl, 1)
      try {
        const committed = await readFile(`${repository}supabase/schema.sql`, 'utf8')
        expect(await renderSchemaSnapshot(db)).toBe(committed)
      } finally {
        await db.close()
      }
    })

    it('has nothing the advisor (supabase db advisors --type all) rates WARN or ERROR', async () => {
      const run = await supabase([
        'db',
        'advisors',
        '--db-url',
        cliDatabaseUrl,
        '--type',
        'all',
        '--level',
        'info',
        '--fail-on',
        'warn',
        '--output-format',
        'json',
      ])
      const results = parseFindings(run)
      const findings = (level: AdvisorFinding['level']) =>
        results.filter((finding) => finding.level === level).map(({ level, name, detail }) => `${level} ${name}: ${detail}`)
      expect([...findings('ERROR'), ...findings('WARN')]).toEqual([])
      expect(run.code, run.stderr).toBe(0)
      // It did read our schema: what it notes for information only, such as the tables only our
      // functions reach (row-level security with no policy, on purpose).
      expect(findings('INFO')).toContain(
        'INFO rls_enabled_no_policy: Table `public.code_guess_failures` has RLS enabled, but no policies exist',
      )
    })
  },
)
