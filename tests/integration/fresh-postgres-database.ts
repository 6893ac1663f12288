import pg from 'pg'
import { quoteIdent } from '../../supabase/local/rest/sql-builder.ts'

/**
 * Drops the database of `url` and creates it empty, so each run starts from the migrations alone.
 * Connects to the server's `postgres` database to do so; the user needs CREATEDB.
 */
export async function recreatePostgresDatabase(url: string): Promise<void> {
  const name = decodeURIComponent(new URL(url).pathname.slice(1))
  if (name === '' || name === 'postgres') throw new Error(`TEST_DATABASE_URL must name a database of its own, not "${name}"`)
  const maintenance = new URL(url)
  maintenance.pathname = '/postgres'
  const client = new pg.Client({ connectionString: maintenance.href })
  await client.connect()
  try {
    await client.query(`drop database if exists ${quoteIdent(name)} with (force)`)
    await client.query(`create database ${quoteIdent(name)}`)
  } finally {
    await client.end()
  }
}
