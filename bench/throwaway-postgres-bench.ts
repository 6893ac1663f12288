// What a bench on a real PostgreSQL (DATABASE_URL mode) does around its run: a throwaway cluster of its own,
// started for the run and stopped after it.
import { postgresBinDir, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts'
import { defaultPoolSize } from '../supabase/local/db.ts'

/** The database a bench runs on: its URL, and how the bench's report names it. */
export interface BenchDatabase {
  databaseUrl: string
  databaseName: string
}

/** Runs `bench` on a throwaway PostgreSQL cluster (fsync off); skipped, saying why, when PostgreSQL's server binaries are absent. */
export async function onThrowawayPostgres(bench: (database: BenchDatabase) => Promise<void>): Promise<void> {
  if (!postgresBinDir()) {
    console.log('skipped: PostgreSQL server binaries (initdb, pg_ctl) not found; on Debian: apt-get install postgresql')
    return
  }
  const postgres = await startThrowawayPostgres('holdfast_bench')
  try {
    await bench({
      databaseUrl: postgres.url,
      databaseName: `a PostgreSQL server on this machine (throwaway cluster, fsync off), pool of ${defaultPoolSize()} connections`,
    })
  } finally {
    postgres.stop()
  }
}
