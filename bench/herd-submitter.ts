// The students of the submission and Realtime herds, in a process of their own so that 2,000
// clients do not share an event loop with the server they measure. Calls the function (default
// submit_exam) once for each call given on stdin (one JSON array), spread evenly over one second
// (or the milliseconds given), and prints one JSON report. A call is a code, for submit_exam's
// arguments as a student submitting now sends them (bench/bench-submission.ts), or the
// function's arguments themselves (the server-copy bench's progress reports).
// Each call is the very request supabase-js makes (its URL, method and headers, recorded from
// supabase-js itself; the body is the arguments as JSON, as supabase-js sends them), sent by
// node:http: supabase-js over fetch took about 1.7 ms of CPU per call, as much as the stack it
// measured, and on a 2-core machine the students then took the server's CPU.
// Usage: tsx bench/herd-submitter.ts <url> <anon key> [function] [spread ms]  < calls.json
import { createClient } from '@supabase/supabase-js'
import { readFileSync } from 'node:fs'
import http from 'node:http'
import WebSocket from 'ws'
import { benchSubmission } from './bench-submission.ts'

export interface HerdReport {
  /** Epoch milliseconds. */
  firedAt: number
  doneAt: number
  outcomes: Record<string, number>
  latencies: number[]
  /**
   * CPU time this process took from the first call on, in milliseconds: the students' side of the
   * machine's load while the server answers them (its start, tsx's and supabase-js' loading, comes before).
   */
  cpuMs: number
}

interface RecordedRequest {
  url: string
  method: string
  headers: Record<string, string>
}

/** A code (submit_exam's arguments made when it is sent), or the function's arguments as they are. */
export type HerdCall = string | Record<string, unknown>

const [url, anonKey, functionName = 'submit_exam', spreadMs = '1000'] = process.argv.slice(2) as [
  string,
  string,
  string?,
  string?,
]
const calls = JSON.parse(readFileSync(0, 'utf8')) as HerdCall[]
const request = await recordSupabaseRequest()
// One connection per student in flight, as each browser has its own; kept open like a browser's.
const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity })
const now = () => performance.timeOrigin + performance.now()

const outcomes: Record<string, number> = {}
const latencies: number[] = []
const firedAt = now()
const cpuAtFiring = process.cpuUsage()
await Promise.all(
  calls.map(async (call, i) => {
    await new Promise((resolve) => setTimeout(resolve, (i * Number(spreadMs)) / calls.length))
    const t0 = now()
    const outcome = await send(JSON.stringify(typeof call === 'string' ? benchSubmission(call, 'Herd Student') : call)).then(
      ({ status, body }) =>
        status === 200 ? String((JSON.parse(body) as { outcome?: string } | null)?.outcome) : `error: HTTP ${status} ${body}`,
      (error: Error) => `error: ${error.message}`,
    )
    latencies.push(now() - t0)
    outcomes[outcome] = (outcomes[outcome] ?? 0) + 1
  }),
)
agent.destroy()
const { user, system } = process.cpuUsage(cpuAtFiring)
const report: HerdReport = { firedAt, doneAt: now(), outcomes, latencies, cpuMs: (user + system) / 1000 }
console.log(JSON.stringify(report))

/** The request supabase-js sends for `rpc(functionName, …)`, caught before it leaves. */
async function recordSupabaseRequest(): Promise<RecordedRequest> {
  let recorded: RecordedRequest | undefined
  const recordingFetch: typeof fetch = async (input, init) => {
    const headers: Record<string, string> = {}
    new Headers(init?.headers).forEach((value, name) => (headers[name] = value))
    recorded = { url: String(input), method: init?.method ?? 'GET', headers }
    return new Response('null', { status: 200, headers: { 'Content-Type': 'application/json' } })
  }
  const client = createClient(url, anonKey, {
    auth: { persistSession: false },
    realtime: { transport: WebSocket as never },
    global: { fetch: recordingFetch },
  })
  await client.rpc(functionName, benchSubmission('RECORDED', 'Herd Student'))
  if (!recorded) throw new Error('supabase-js sent no request')
  return recorded
}

function send(body: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = http.request(
      request.url,
      { method: request.method, agent, headers: { ...request.headers, 'Content-Length': Buffer.byteLength(body) } },
      (response) => {
        let text = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (text += chunk))
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }))
        response.on('error', reject)
      },
    )
    outgoing.on('error', reject)
    outgoing.end(body)
  })
}
