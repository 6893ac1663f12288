import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { openPglite, openPostgres, type SqlDatabase } from '../../supabase/local/db.ts'
import { recreatePostgresDatabase } from './fresh-postgres-database.ts'

// A transaction's opening travels with its first statement in one simple query, the statement's
// parameters written in as literals (supabase/local/inline-parameters.ts): what arrives must be
// what was sent, on PGlite and on PostgreSQL (TEST_DATABASE_URL), on a database of this file's own.

let db: SqlDatabase

beforeAll(async () => {
  const shared = process.env.TEST_DATABASE_URL
  if (shared) {
    const url = new URL(shared)
    url.pathname = `${url.pathname}_request_transactions`
    await recreatePostgresDatabase(url.href)
    db = await openPostgres(url.href, 2)
  } else {
    db = await openPglite(undefined)
  }
  await db.exec('create table request_rows (n int not null)')
})

afterAll(async () => {
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
