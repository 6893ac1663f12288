// A herd: N students submit within one second (default 2,000) while administrators watch Test
// Results live. Reports how long until each administrator's supabase-js client has seen every
// submission through Realtime, how many refetches its coalesced screen made, and how the REST
// API answered meanwhile, next to the same herd with nobody subscribed: the students all of one
// exam, and spread over the 6 sittings open now in a school's exam week (bench/school-week.ts;
// its 12 exams are there for every run), with the spread herd's figures as ratios to the
// one-exam herd's, measured in the same process (the machine's load changes between processes).
// Usage: npx tsx bench/realtime-herd.bench.ts [submissions] [administrators]
// On PGlite in memory, or on the PostgreSQL database of DATABASE_URL when set.
import { createClient, type SupabaseClient } from '@supabase/supabase-js'
import WebSocket from 'ws'
import { coalescedRefetch } from '../src/lib/admin/coalesced-refetch.ts'
import { randomInt } from 'node:crypto'
import { addAdmin } from '../supabase/local/auth/admin-accounts.ts'
import { startStack } from '../supabase/local/stack.ts'
import { startCodes } from './bench-submission.ts'
import { seedSchoolWeek } from './school-week.ts'
import type { HerdReport } from './herd-submitter.ts'
import { percentile } from './percentiles.ts'
import { spawnHerd } from './spawn-herd.ts'

const count = Number(process.argv[2] ?? 2000)
const adminCount = Number(process.argv[3] ?? 1)
const password = 'bench-password'
const adminEmail = (i: number) => `bench-admin${i}@holdfast.test`
const stack = await startStack({ port: 0, databaseUrl: process.env.DATABASE_URL, admin: { email: adminEmail(0), password } })
for (let i = 1; i < adminCount; i++) await addAdmin(stack.db, adminEmail(i), password)
const week = await seedSchoolWeek(stack.db)
const firstExam = [week.exams[0]?.id as string]
const openExams = week.openSittings.map((sitting) => sitting.examId)
const options = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: WebSocket as never } }
const now = () => performance.timeOrigin + performance.now()
const ms = (value: number) => `${value.toFixed(0)} ms`
const spread = (samples: number[]) =>
  `p50 ${ms(percentile(samples, 50))}  p95 ${ms(percentile(samples, 95))}  max ${ms(Math.max(...samples))}`

/**
 * `count` fresh codes of `exams` in turn, started (each in its exam's sitting open now), submitted
 * from another process within one second; meanwhile a REST read every 100 ms.
 */
async function herd(exams: string[]): Promise<HerdReport & { probes: number[] }> {
  // Three random letters, so that runs on a kept PostgreSQL database do not reuse codes.
  const prefix = Array.from({ length: 3 }, () => String.fromCharCode(65 + randomInt(26))).join('')
  const codes = Array.from({ length: count }, (_, i) => `${prefix}${String(i).padStart(5, '0')}`)
  await stack.db.query(
    `insert into public.login_codes (code, exam_id)
     select code, ($2::uuid[])[1 + (n - 1) % cardinality($2::uuid[])] from unnest($1::text[]) with ordinality as c (code, n)`,
    [codes, exams],
  )
  // Started, as every device starts before it submits.
  await startCodes(stack, codes)
  const probes: number[] = []
  let probing = true
  const probe = (async () => {
    const visitor = createClient(stack.url, stack.anonKey, options)
    while (probing) {
      const t0 = now()
      await visitor.from('exam_schedule').select('id').limit(1)
      probes.push(now() - t0)
      await new Promise((resolve) => setTimeout(resolve, 100))
    }
  })()
  const report = await spawnHerd(stack.url, stack.anonKey, codes)
  probing = false
  await probe
  return { ...report, probes }
}

function report(label: string, result: Awaited<ReturnType<typeof herd>>): void {
  console.log(`\n${label}`)
  console.log(`  submissions:   ${count} fired within 1 s: ${JSON.stringify(result.outcomes)}`)
  console.log(`  all answered:  ${ms(result.doneAt - result.firedAt)} after the first was fired`)
  console.log(`  submit_exam:   ${spread(result.latencies)}`)
  console.log(`  REST probe:    ${spread(result.probes)} (${result.probes.length} reads during the herd)`)
}

interface Watcher {
  client: SupabaseClient
  /** When the `n`th submission arrived. */
  arrival(n: number): Promise<number>
  refetches: () => number
  lastTotal: () => number | null
  dispose(): void
}

/** An administrator's Test Results screen: Realtime signals, coalesced refetches of its first page. */
async function watch(index: number): Promise<Watcher> {
  const client = createClient(stack.url, stack.anonKey, options)
  const { error } = await client.auth.signInWithPassword({ email: adminEmail(index), password })
  if (error) throw error
  let refetches = 0
  let lastTotal: number | null = null
  const screen = coalescedRefetch(async () => {
    refetches++
    const { count: total } = await client
      .from('submissions')
      .select('id, student_name, login_code, score, submitted_at', { count: 'exact' })
      .order('submitted_at', { ascending: false })
      .range(0, 49)
    lastTotal = total
  })
  const arrivals: number[] = []
  const waiting = new Map<number, (at: number) => void>()
  await new Promise<void>((resolve, reject) => {
    client
      .channel(`test-results-${index}`)
      .on('postgres_changes', { event: '*', schema: 'public', table: 'submissions' }, (change) => {
        if (change.eventType === 'INSERT') {
          arrivals.push(now())
          waiting.get(arrivals.length)?.(arrivals.at(-1) as number)
        }
        screen.changed()
      })
      .subscribe((status, err) => {
        screen.subscriptionStatus(status)
        if (status === 'SUBSCRIBED') resolve()
        else if (err) reject(err)
      })
  })
  return {
    client,
    arrival: (n) =>
      n <= arrivals.length ? Promise.resolve(arrivals[n - 1] as number) : new Promise((resolve) => waiting.set(n, resolve)),
    refetches: () => refetches,
    lastTotal: () => lastTotal,
    dispose: () => screen.dispose(),
  }
}

// The process's first herd is the slowest (its code compiled, its pools and caches filled): one
// not reported, so that the two compared run alike.
await herd(firstExam)
const oneExam = await herd(firstExam)
report('Nobody subscribed (baseline): the students all of one exam', oneExam)
const spreadOut = await herd(openExams)
report(
  `Nobody subscribed: the students spread over the ${week.openSittings.length} sittings open now, in as many exams`,
  spreadOut,
)
const ratio = (spread: number, one: number) => `${(spread / one).toFixed(2)}×`
const ratios = (pick: (result: Awaited<ReturnType<typeof herd>>) => number[]) =>
  [50, 95].map((p) => `p${p} ${ratio(percentile(pick(spreadOut), p), percentile(pick(oneExam), p))}`).join('  ')
console.log(
  `  against one exam: all answered ${ratio(spreadOut.doneAt - spreadOut.firedAt, oneExam.doneAt - oneExam.firedAt)}; ` +
    `submit_exam ${ratios((result) => result.latencies)}; REST probe ${ratios((result) => result.probes)}`,
)

const watchers = await Promise.all(Array.from({ length: adminCount }, (_, i) => watch(i)))
const refetchesBefore = watchers.map((w) => w.refetches())
const live = await herd(firstExam)
report(`${adminCount} administrator(s) watching Test Results through Realtime: the students all of one exam`, live)
const timeout = new Promise<never>((_, reject) =>
  setTimeout(() => reject(new Error('not every submission arrived in 120 s')), 120_000),
)
const accepted = live.outcomes.accepted ?? 0
const seenAt = await Promise.race([Promise.all(watchers.map((w) => w.arrival(accepted))), timeout])
// Let the trailing refetch of the burst run.
await new Promise((resolve) => setTimeout(resolve, 1500))
for (const [i, watcher] of watchers.entries()) {
  const at = seenAt[i] as number
  console.log(
    `  admin ${i}:       saw all ${accepted} ${ms(at - live.firedAt)} after the first was fired (${ms(at - live.doneAt)} after the last ` +
      `was answered) with ${watcher.refetches() - (refetchesBefore[i] as number)} refetches; the last counted ${watcher.lastTotal()} submissions`,
  )
  watcher.dispose()
  await watcher.client.removeAllChannels()
}
console.log(`  memory:        ${(process.memoryUsage().rss / 1024 / 1024).toFixed(0)} MiB resident`)
await stack.close()
