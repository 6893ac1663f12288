// The students of bench/realtime-herd.bench.ts, in a process of their own so that 2,000 clients
// do not share an event loop with the server they measure. Submits with every code given on
// stdin (one JSON array), spread evenly over one second, and prints one JSON report.
// Usage: tsx bench/herd-submitter.ts <url> <anon key>  < codes.json
import { createClient } from '@supabase/supabase-js'
import { readFileSync } from 'node:fs'
import WebSocket from 'ws'
import { benchSubmission } from './bench-submission.ts'

export interface HerdReport {
  /** Epoch milliseconds. */
  firedAt: number
  doneAt: number
  outcomes: Record<string, number>
  latencies: number[]
  /** CPU time this process took, in milliseconds: the students' side of the machine's load. */
  cpuMs: number
}

const [url, anonKey] = process.argv.slice(2) as [string, string]
const codes = JSON.parse(readFileSync(0, 'utf8')) as string[]
const student = createClient(url, anonKey, { auth: { persistSession: false }, realtime: { transport: WebSocket as never } })
const now = () => performance.timeOrigin + performance.now()

const outcomes: Record<string, number> = {}
const latencies: number[] = []
const firedAt = now()
await Promise.all(
  codes.map(async (code, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * 1000) / codes.length))
    const t0 = now()
    const { data, error } = await student.rpc('submit_exam', benchSubmission(code, 'Herd Student'))
    latencies.push(now() - t0)
    const outcome = error ? `error: ${error.message}` : String((data as { outcome?: string } | null)?.outcome)
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }),
)
const { user, system } = process.cpuUsage()
const report: HerdReport = { firedAt, doneAt: now(), outcomes, latencies, cpuMs: (user + system) / 1000 }
console.log(JSON.stringify(report))
