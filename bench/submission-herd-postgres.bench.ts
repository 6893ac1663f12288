// The submission herd on a real PostgreSQL (DATABASE_URL mode): a throwaway cluster of its own,
// see bench/submission-herd.ts. Skipped, saying why, when PostgreSQL's server binaries are absent.
// Usage: npx tsx bench/submission-herd-postgres.bench.ts [students] [runs]
import { postgresBinDir, startThrowawayPostgres } from '../scripts/throwaway-postgres.ts'
import { defaultPoolSize } from '../supabase/local/db.ts'
import { runSubmissionHerd } from './submission-herd.ts'

if (!postgresBinDir()) {
  console.log('skipped: PostgreSQL server binaries (initdb, pg_ctl) not found; on Debian: apt-get install postgresql')
} else {
  const postgres = await startThrowawayPostgres('holdfast_bench')
  try {
    await runSubmissionHerd({
      databaseUrl: postgres.url,
      databaseName: `a PostgreSQL server on this machine (throwaway cluster, fsync off), pool of ${defaultPoolSize()} connections`,
      count: Number(process.argv[2] ?? 2000),
      runs: Number(process.argv[3] ?? 3),
      targets: { perSecond: 1500, sqlShareOfInsertCeiling: 0.65, herdShareOfSql: 0.8 },
    })
  } finally {
    postgres.stop()
  }
}
