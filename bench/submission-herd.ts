// The submission herd, on either database the stack runs on: N students (default 2,000) call
// submit_exam within one second, from a process of their own (bench/herd-submitter.ts). Prints
// whether every accepted submission is stored exactly once with its code used, the throughput and
// latency percentiles, and in the same run two ceilings of the same database: submit_exam's
// transaction sent straight to it (what the SQL itself allows), and raw single-row inserts.
import { defaultPoolSize } from '../supabase/local/db.ts'
import { createRequestRunner } from '../supabase/local/run-as.ts'
import { startStack, type RunningStack } from '../supabase/local/stack.ts'
import { benchAnswers, benchSubmission, createCodes } from './bench-submission.ts'
import { percentile } from './percentiles.ts'
import { spawnHerd } from './spawn-herd.ts'

export interface HerdTargets {
  /** Least share of the raw insert ceiling the herd should reach. */
  shareOfInsertCeiling?: number
  /** Least accepted submissions per second. */
  perSecond?: number
  p99Ms?: number
}

export async function runSubmissionHerd({
  databaseUrl,
  databaseName,
  count,
  targets,
}: {
  databaseUrl?: string
  databaseName: string
  count: number
  targets: HerdTargets
}): Promise<void> {
  const stack = await startStack({ port: 0, databaseUrl, admin: { email: 'bench@holdfast.test', password: 'bench-password' } })
  const { rows: versions } = await stack.db.query<{ version: string }>('select current_setting($1) as version', ['server_version'])
  const herdCodes = await createCodes(stack, 'S', count)
  // What the database does with the same calls, as many at once as the stack's pool serves.
  const parallel = databaseUrl ? 2 * defaultPoolSize() : 1

  // The stack's own process (HTTP, JWT, REST, and on PGlite the database too): less at the mercy
  // of other load on the machine than the wall-clock figures.
  const cpuBefore = process.cpuUsage()
  const herd = await spawnHerd(stack.url, stack.anonKey, herdCodes)
  const cpu = process.cpuUsage(cpuBefore)
  const storage = await storedOnce(stack, herdCodes)
  const accepted = herd.outcomes.accepted ?? 0
  const herdRate = accepted / ((herd.doneAt - herd.firedAt) / 1000)

  const requests = createRequestRunner(stack.db)
  const identity = { role: 'anon' as const, claims: { role: 'anon' }, headers: { 'x-forwarded-for': '127.0.0.1' } }
  const sqlCodes = await createCodes(stack, 'Q', count)
  const sqlRate = await perSecond(count, parallel, (i) =>
    requests.runAs(identity, async (tx) => {
      const call = benchSubmission(sqlCodes[i] as string, 'Sql Student')
      const { rows } = await tx.query<{ outcome: string }>(
        `select public.submit_exam($1, $2, $3, $4, $5, $6, $7, $8) ->> 'outcome' as outcome`,
        [call.submission_id, call.code, call.student_name, JSON.stringify(call.answers), 0, 600, call.started_at, call.submitted_at],
      )
      if (rows[0]?.outcome !== 'accepted') throw new Error(`submit_exam answered ${rows[0]?.outcome} to a fresh code`)
    }),
  )

  // No HTTP, no JWT, no role switch, no code claim, no scoring: one statement (and transaction) each.
  const answers = JSON.stringify(benchAnswers)
  const insertRate = await perSecond(count, parallel, (i) =>
    stack.db.query(
      `insert into public.submissions (id, student_name, login_code, answers, answers_fingerprint, score, time_taken, started_at, submitted_at)
       values (gen_random_uuid(), 'Ceiling Student', $1, $2, 'ceiling', 0, 600, now(), now())`,
      [`R${String(i).padStart(7, '0')}`, answers],
    ),
  )
  await stack.close()

  const ms = (value: number) => `${value.toFixed(0)} ms`
  const p99 = percentile(herd.latencies, 99)
  const share = herdRate / insertRate
  const against = (met: boolean, target: string) => `(target ${target}: ${met ? 'met' : 'not met'})`
  console.log(`database:      ${databaseName}, PostgreSQL ${versions[0]?.version ?? '?'}`)
  console.log(`students:      ${count} submit_exam calls fired within 1 s from another process`)
  console.log(`outcomes:      ${JSON.stringify(herd.outcomes)}`)
  console.log(`stored:        ${storage.report(accepted)}`)
  console.log(`not accepted:  ${count - accepted} (a student's device keeps these in its outbox and sends them again)`)
  console.log(`all answered:  ${ms(herd.doneAt - herd.firedAt)} after the first was fired`)
  console.log(
    `throughput:    ${herdRate.toFixed(0)} accepted submissions/s` +
      (targets.perSecond ? ` ${against(herdRate >= targets.perSecond, `≥ ${targets.perSecond}/s`)}` : ''),
  )
  console.log(
    `latency:       p50 ${ms(percentile(herd.latencies, 50))}  p95 ${ms(percentile(herd.latencies, 95))}  p99 ${ms(p99)}` +
      (targets.p99Ms ? ` ${against(p99 <= targets.p99Ms, `p99 ≤ ${ms(targets.p99Ms)}`)}` : ''),
  )
  console.log(
    `CPU:           ${((cpu.user + cpu.system) / 1000 / count).toFixed(2)} ms per submission in the stack's process, ` +
      `${(herd.cpuMs / count).toFixed(2)} ms in the students' (supabase-js, from its start)`,
  )
  console.log(
    `SQL alone:     ${sqlRate.toFixed(0)} submit_exam transactions/s sent straight to the database, ${parallel} at a time (no HTTP, no JWT)`,
  )
  console.log(`ceiling:       ${insertRate.toFixed(0)} raw single-row inserts/s into the same database, ${parallel} at a time`)
  console.log(
    `ratio:         herd at ${percent(share)} of the raw insert ceiling` +
      (targets.shareOfInsertCeiling ? ` ${against(share >= targets.shareOfInsertCeiling, `≥ ${percent(targets.shareOfInsertCeiling)}`)}` : ''),
  )
  console.log(`               the SQL alone at ${percent(sqlRate / insertRate)}; the herd at ${percent(herdRate / sqlRate)} of what the SQL allows`)
  if (!storage.intact(accepted)) process.exitCode = 1
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`

/** Whether each accepted submission is stored exactly once, and each stored one used its code. */
async function storedOnce(stack: RunningStack, codes: string[]) {
  const { rows } = await stack.db.query<{ stored: number; codes: number; claimed: number }>(
    `select (select count(*)::int from public.submissions where login_code = any($1)) as stored,
            (select count(distinct login_code)::int from public.submissions where login_code = any($1)) as codes,
            (select count(*)::int from public.login_codes where code = any($1) and is_used) as claimed`,
    [codes],
  )
  const { stored, codes: storedCodes, claimed } = rows[0] as { stored: number; codes: number; claimed: number }
  const intact = (accepted: number) => stored === accepted && storedCodes === stored && claimed === stored
  return {
    intact,
    report: (accepted: number) =>
      intact(accepted)
        ? `${stored} of ${accepted} accepted, each once, each with its code used`
        : `PROBLEM: ${accepted} accepted, ${stored} stored for ${storedCodes} codes (${stored - storedCodes} doubled), ${claimed} codes used`,
  }
}

/** Calls `work(0)` … `work(count - 1)`, `parallel` at a time, and answers how many per second it managed. */
async function perSecond(count: number, parallel: number, work: (i: number) => Promise<unknown>): Promise<number> {
  let next = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      for (let i = next++; i < count; i = next++) await work(i)
    }),
  )
  return count / ((performance.now() - started) / 1000)
}
