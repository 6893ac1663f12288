// The server's copy of the answers on the embedded stack's PGlite (in memory): see bench/server-copy.ts.
// Usage: npx tsx bench/server-copy.bench.ts [students] [rounds] [runs] [sampled devices]
import { runServerCopy } from './server-copy.ts'

await runServerCopy({
  databaseName: 'PGlite, in memory (one connection: requests take turns)',
  count: Number(process.argv[2] ?? 2000),
  rounds: Number(process.argv[3] ?? 5),
  runs: Number(process.argv[4] ?? 3),
  devices: Number(process.argv[5] ?? 4),
  spreadMs: 3000,
})
