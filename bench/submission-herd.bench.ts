// The submission herd on the embedded stack's PGlite (in memory): see bench/submission-herd.ts.
// Usage: npx tsx bench/submission-herd.bench.ts [students] [runs]
import { runSubmissionHerd } from './submission-herd.ts'

await runSubmissionHerd({
  databaseName: 'PGlite, in memory (one connection: requests take turns)',
  count: Number(process.argv[2] ?? 2000),
  runs: Number(process.argv[3] ?? 3),
  targets: { shareOfInsertCeiling: 0.5, p99Ms: 2000, sqlShareOfInsertCeiling: 0.65, herdShareOfSql: 0.8 },
})
