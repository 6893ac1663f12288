// The submission herd on a real PostgreSQL (DATABASE_URL mode): a throwaway cluster of its own,
// see bench/submission-herd.ts. Skipped, saying why, when PostgreSQL's server binaries are absent.
// Usage: npx tsx bench/submission-herd-postgres.bench.ts [students] [runs]
import { runSubmissionHerd } from './submission-herd.ts'
import { onThrowawayPostgres } from './throwaway-postgres-bench.ts'

await onThrowawayPostgres((database) =>
  runSubmissionHerd({
    ...database,
    count: Number(process.argv[2] ?? 2000),
    runs: Number(process.argv[3] ?? 3),
    targets: { perSecond: 1500, sqlShareOfInsertCeiling: 0.65, herdShareOfSql: 0.8 },
  }),
)
