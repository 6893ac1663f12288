import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type SqlDatabase } from '../../supabase/local/db.ts'
import { createRequestRunner, type RequestIdentity } from '../../supabase/local/run-as.ts'
import { recreatePostgresDatabase } from './fresh-postgres-database.ts'

// A transaction's opening travels with its first statement in one simple query, the statement's
// parameters written in as literals (supabase/local/inline-parameters.ts): what arrives must be
// what was sent, on PGlite and on PostgreSQL (TEST_DATABASE_URL), on a database of this file's own.

let db: SqlDatabase
/** On PostgreSQL, a pool of one connection to the same database: every request there reuses the connection the one before left. */
let oneConnection: SqlDatabase

beforeAll(async () => {
  const shared = process.env.TEST_DATABASE_URL
  if (shared) {
    const url = new URL(shared)
    url.pathname = `${url.pathname}_request_transactions`
    await recreatePostgresDatabase(url.href)
    db = await openPostgres(url.href, 2)
    oneConnection = await openPostgres(url.href, 1)
  } else {
    db = await openPglite(undefined)
    oneConnection = db
  }
  await db.exec('create table request_rows (n int not null)')
})

afterAll(async () => {
  if (oneConnection !== db) await oneConnection?.close()
  await db?.close()
})

const opening = `select set_config('app.opened', 'yes', true)`

describe('a transaction whose opening goes out with its first statement', () => {
  it('runs the first statement after the opening, with every value as it was sent', async () => {
    const awkward = `it's \\ $1 "quoted" $$ ü -- /* ;`
    const { rows } = await db.transaction(
      (tx) =>
        tx.query<{ opened: string; text: string; n: number; nothing: string | null }>(
          `select current_setting('app.opened') as opened, $1::text as text, $2::int as n, $3::text as nothing`,
          [awkward, 7, null],
        ),
      opening,
    )
    expect(rows).toEqual([{ opened: 'yes', text: awkward, n: 7, nothing: null }])
  })

  it('answers how many rows the first statement changed, and commits them', async () => {
    const { affectedRows } = await db.transaction(
      (tx) => tx.query('insert into request_rows select generate_series(1, $1::int)', [3]),
      opening,
    )
    expect(affectedRows).toBe(3)
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from request_rows')
    expect(rows[0]?.count).toBe(3)
    await db.exec('delete from request_rows')
  })

  it('sends a value a literal cannot carry as a parameter, and fails as PostgreSQL fails it', async () => {
    await expect(db.transaction((tx) => tx.query('select $1::text as text', ['a\0b']), opening)).rejects.toMatchObject({
      code: '22021',
    })
  })

  it('undoes the opening and every statement when a later one fails, and leaves nothing behind for the next', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into request_rows values ($1)', [1])
        await tx.query('select 1 / $1::int', [0])
      }, opening),
    ).rejects.toMatchObject({ code: '22012' })
    await expect(db.transaction((tx) => tx.query('select 1 / $1::int', [0]), opening)).rejects.toMatchObject({ code: '22012' })
    const { rows } = await db.transaction((tx) =>
      tx.query<{ count: number; opened: string | null }>(
        `select (select count(*)::int from request_rows) as count, nullif(current_setting('app.opened', true), '') as opened`,
      ),
    )
    expect(rows).toEqual([{ count: 0, opened: null }])
  })

  it('still runs the opening of a transaction that makes no statement', async () => {
    await db.transaction(async () => undefined, 'insert into request_rows values (99)')
    const { rows } = await db.query<{ n: number }>('select n from request_rows')
    expect(rows).toEqual([{ n: 99 }])
    await db.exec('delete from request_rows')
  })
})

describe("a transaction's last statement, sent with its COMMIT (queryAndCommit)", () => {
  it('answers the statement itself, after the opening, and commits what it did', async () => {
    const { rows } = await db.transaction(
      (tx) =>
        tx.queryAndCommit<{ opened: string; n: number }>(
          `with added as (insert into request_rows values ($1) returning n) select current_setting('app.opened') as opened, n from added`,
          [5],
        ),
      opening,
    )
    expect(rows).toEqual([{ opened: 'yes', n: 5 }])
    const { rows: stored } = await db.query<{ n: number }>('select n from request_rows')
    expect(stored).toEqual([{ n: 5 }])
    await db.exec('delete from request_rows')
  })

  it('comes after statements already sent, and commits them all', async () => {
    await db.transaction(async (tx) => {
      await tx.query('insert into request_rows values ($1)', [1])
      await tx.queryAndCommit('insert into request_rows values ($1)', [2])
    }, opening)
    const { rows } = await db.query<{ n: number }>('select n from request_rows order by n')
    expect(rows).toEqual([{ n: 1 }, { n: 2 }])
    await db.exec('delete from request_rows')
  })

  it('commits nothing when it fails, and leaves nothing behind for the next transaction', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.query('insert into request_rows values ($1)', [1])
        await tx.queryAndCommit('insert into request_rows select 1 / $1::int', [0])
      }, opening),
    ).rejects.toMatchObject({ code: '22012' })
    await expect(
      db.transaction((tx) => tx.queryAndCommit('insert into request_rows select 1 / $1::int', [0]), opening),
    ).rejects.toMatchObject({ code: '22012' })
    const { rows } = await db.transaction((tx) =>
      tx.query<{ count: number; opened: string | null }>(
        `select (select count(*)::int from request_rows) as count, nullif(current_setting('app.opened', true), '') as opened`,
      ),
    )
    expect(rows).toEqual([{ count: 0, opened: null }])
  })

  it('sends a value it cannot write in (a date) as a parameter, and still commits', async () => {
    const { rows } = await db.transaction(
      (tx) =>
        tx.queryAndCommit<{ n: number }>(
          `insert into request_rows select extract(year from $1::timestamptz at time zone 'UTC')::int returning n`,
          [new Date('2026-06-01T12:00:00Z')],
        ),
      opening,
    )
    expect(rows).toEqual([{ n: 2026 }])
    const { rows: stored } = await db.query<{ n: number }>('select n from request_rows')
    expect(stored).toEqual([{ n: 2026 }])
    await db.exec('delete from request_rows')
  })

  it('refuses any statement after it, and the transaction then commits nothing', async () => {
    await expect(
      db.transaction(async (tx) => {
        await tx.queryAndCommit('select 1')
        await tx.query('insert into request_rows values ($1)', [7])
      }, opening),
    ).rejects.toThrow('The transaction already ran its last statement')
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from request_rows')
    expect(rows[0]?.count).toBe(0)
  })
})

// Attacks on a call sent with its COMMIT (issue 24): an argument is written into the SQL text as a
// literal, and the request's role, claims and headers travel in the same simple query.
describe('a call sent with its COMMIT, attacked through its values and its failures', () => {
  const injected = `insert into request_rows values (666)`
  const hostile: Array<[string, string]> = [
    ['a quote closing the literal', `'); ${injected}; --`],
    ['a backslash before the quote', `\\'); ${injected}; --`],
    ['backslashes only', '\\\\\\'],
    ['an E string', `E'\\x41'; ${injected}; select E'`],
    ['a Unicode escape string', `U&'\\0041'`],
    ['dollar quotes', `$$; ${injected}; $$ $tag$ $1 $2`],
    ['comments', `/* ${injected} */ -- ;\n${injected}`],
    ['a number ending a statement', `1; ${injected}`],
    ['JSON with quotes and escapes', JSON.stringify({ "it's": `"\\'\\u0027`, list: [`'`, '\\', '$$'] })],
    ['Unicode beyond ASCII', 'é ü 中 😀 \u202e \u00a0 \r\n\t'],
    ['a long run of quotes and backslashes', `'\\`.repeat(30_000)],
  ]

  it.each(hostile)('writes the value in as data, whatever it holds: %s', async (_, value) => {
    const { rows } = await db.transaction(
      (tx) => tx.queryAndCommit<{ text: string; json: unknown }>(`select $1::text as text, to_json($1::text) as json`, [value]),
      opening,
    )
    expect(rows).toEqual([{ text: value, json: value }])
    const { rows: stored } = await db.query<{ count: number }>('select count(*)::int as count from request_rows')
    expect(stored[0]?.count).toBe(0)
  })

  it('refuses a NUL byte as PostgreSQL does, and commits nothing', async () => {
    await expect(
      db.transaction(
        (tx) => tx.queryAndCommit(`insert into request_rows select length($1::text)`, [`a\0'); ${injected}; --`]),
        opening,
      ),
    ).rejects.toMatchObject({ code: '22021' })
    const { rows } = await db.query<{ count: number }>('select count(*)::int as count from request_rows')
    expect(rows[0]?.count).toBe(0)
  })

  describe("leaves the next request on the connection none of the request's role, claims, headers or timeout", () => {
    const classmate: RequestIdentity = {
      role: 'anon',
      claims: { role: 'anon', sub: `it's \\ "me"` },
      headers: { 'x-forwarded-for': '203.0.113.7', 'x-holdfast-client': `'); reset role; --\\`, 'user-agent': '$$ ü' },
    }
    /** What a statement of a transaction with no opening sees of the settings a request sets. */
    const leftBehind = async () =>
      (
        await oneConnection.transaction((tx) =>
          tx.query<{ role: string; claims: string; headers: string; timeout: string }>(
            `select current_user as role, coalesce(current_setting('request.jwt.claims', true), '') as claims,
                    coalesce(current_setting('request.headers', true), '') as headers,
                    current_setting('statement_timeout') as timeout`,
          ),
        )
      ).rows[0]
    let before: Awaited<ReturnType<typeof leftBehind>>
    let runner: ReturnType<typeof createRequestRunner>

    beforeAll(async () => {
      // The API roles, where no migration made them (PGlite in memory); on PostgreSQL they belong to the server.
      await oneConnection.exec(`do $$ begin
        if not exists (select 1 from pg_roles where rolname = 'anon') then create role anon nologin; end if;
        if not exists (select 1 from pg_roles where rolname = 'authenticated') then create role authenticated nologin; end if;
        if not exists (select 1 from pg_roles where rolname = 'service_role') then create role service_role nologin; end if;
      end $$`)
      // A short timeout of anon's own in this database, so that a call can run past it quickly.
      const { rows } = await oneConnection.query<{ name: string }>('select current_database() as name')
      await oneConnection.exec(`alter role anon in database "${rows[0]?.name}" set statement_timeout = '300ms'`)
      runner = createRequestRunner(oneConnection)
      before = await leftBehind()
    })

    it('sees them itself, exactly as sent', async () => {
      const seen = await runner.runAs(
        classmate,
        async (tx) =>
          (
            await tx.queryAndCommit<{ role: string; claims: unknown; headers: unknown; timeout: string }>(
              `select current_user as role, current_setting('request.jwt.claims')::jsonb as claims,
                    current_setting('request.headers')::jsonb as headers, current_setting('statement_timeout') as timeout`,
            )
          ).rows[0],
      )
      expect(seen).toEqual({ role: 'anon', claims: classmate.claims, headers: classmate.headers, timeout: '300ms' })
      expect(await leftBehind()).toEqual(before)
    })

    it.each([
      ['fails', 'select 1 / $1::int', [0], '22012'],
      ['runs past its timeout', 'select pg_sleep($1::float8)', [0.8], '57014'],
    ])('after a call that %s', async (_, sql, params, code) => {
      await expect(runner.runAs(classmate, (tx) => tx.queryAndCommit(sql, params))).rejects.toMatchObject({ code })
      expect(await leftBehind()).toEqual(before)
    })
  })
})
