// Sequential student submissions through supabase-js against the embedded stack (in memory):
// what one PGlite connection sustains for the full submit_exam path (HTTP, JWT, RLS role switch,
// claim + score + insert). Usage: npx tsx bench/rest-submit.bench.ts [count]
import { createClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { startStack } from '../supabase/local/stack.ts'
import { benchSubmission, createStartedCodes } from './bench-submission.ts'
import { percentile } from './percentiles.ts'

const count = Number(process.argv[2] ?? 300)
const stack = await startStack({ port: 0, admin: { email: 'bench@holdfast.test', password: 'bench-password' } })
// Started, as every device starts before it submits.
const codes = await createStartedCodes(stack, 'B', count)

const anon = createClient(stack.url, stack.anonKey, {
  auth: { persistSession: false },
  realtime: { transport: WebSocket as never },
})
const latencies: number[] = []
let accepted = 0
const started = performance.now()
for (const code of codes) {
  const t0 = performance.now()
  const { data } = await anon.rpc('submit_exam', benchSubmission(code, 'Bench Student'))
  latencies.push(performance.now() - t0)
  if ((data as { outcome?: string } | null)?.outcome === 'accepted') accepted++
}
const seconds = (performance.now() - started) / 1000
console.log(`submissions:  ${count} sequential, ${accepted} accepted`)
console.log(`throughput:   ${(count / seconds).toFixed(1)} submissions/s`)
console.log(
  `latency (ms): p50 ${percentile(latencies, 50).toFixed(1)}  p95 ${percentile(latencies, 95).toFixed(1)}  p99 ${percentile(latencies, 99).toFixed(1)}`,
)
console.log(`memory:       ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB resident`)
await stack.close()
