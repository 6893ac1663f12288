import pg from 'pg'
import { quoteIdent } from '../../supabase/local/rest/sql-builder.ts'

/**
 * Drops the database of `url` and creates it empty, so each run starts from the migrations alone.
 * Connects to the server's `postgres` database to do so; the user needs CREATEDB.
 */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  await onServerOf(url, async (client, database) => {
    await client.query(`drop database if exists ${database} with (force)`)
    await client.query(`create database ${database}`)
  })
}

/** Drops the database of `url`, when a file's own database has served. */
export async function dropPostgresDatabase(url: string): Promise<void> {
  await onServerOf(url, (client, database) => client.query(`drop database if exists ${database} with (force)`))
}

/** Runs `work` connected to the `postgres` database of `url`'s server, with `url`'s database name quoted. */
async function onServerOf(url: string, work: (client: pg.Client, database: string) => Promise<unknown>): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  if (name === '' || name === 'postgres') throw new Error(`TEST_DATABASE_URL must name a database of its own, not "${name}"`)
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.href })
  await client.connect()
  try {
    await work(client, quoteIdent(name))
  } finally {
    await client.end()
  }
}
