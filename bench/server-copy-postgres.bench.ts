// The server's copy of the answers on a real PostgreSQL (DATABASE_URL mode): a throwaway cluster of
// its own, see bench/server-copy.ts. Skipped, saying why, when PostgreSQL's server binaries are absent.
// Usage: npx tsx bench/server-copy-postgres.bench.ts [students] [rounds] [runs] [sampled devices]
import { postgresBinDir, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts'
import { defaultPoolSize } from '../supabase/local/db.ts'
import { runServerCopy } from './server-copy.ts'

if (!postgresBinDir()) {
  console.log('skipped: PostgreSQL server binaries (initdb, pg_ctl) not found; on Debian: apt-get install postgresql')
} else {
  const postgres = await startThrowawayPostgres('holdfast_bench')
  try {
    await runServerCopy({
      databaseUrl: postgres.url,
      databaseName: `a PostgreSQL server on this machine (throwaway cluster, fsync off), pool of ${defaultPoolSize()} connections`,
      count: Number(process.argv[2] ?? 2000),
      rounds: Number(process.argv[3] ?? 5),
      runs: Number(process.argv[4] ?? 3),
      devices: Number(process.argv[5] ?? 4),
      spreadMs: 3000,
    })
  } finally {
    postgres.stop()
  }
}
