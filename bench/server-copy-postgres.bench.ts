// The server's copy of the answers on a real PostgreSQL (DATABASE_URL mode): a throwaway cluster of
// its own, see bench/server-copy.ts. Skipped, saying why, when PostgreSQL's server binaries are absent.
// Usage: npx tsx bench/server-copy-postgres.bench.ts [students] [rounds] [runs] [sampled devices]
import { runServerCopy } from './server-copy.ts'
import { onThrowawayPostgres } from './throwaway-postgres-bench.ts'

await onThrowawayPostgres((database) =>
  runServerCopy({
    ...database,
    count: Number(process.argv[2] ?? 2000),
    rounds: Number(process.argv[3] ?? 5),
    runs: Number(process.argv[4] ?? 3),
    devices: Number(process.argv[5] ?? 4),
    spreadMs: 3000,
  }),
)
