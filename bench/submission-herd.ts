// The submission herd, on either database the stack runs on: N students (default 2,000), each
// with the exam started (as every device starts before it submits), call submit_exam within one
// second, from a process of their own (bench/herd-submitter.ts), several times (default 3: the
// machine is shared, so the best and the median run are both printed).
// Prints whether every accepted submission is stored exactly once with its code used, the
// throughput and latency percentiles against the targets, the CPU each process spent per
// submission (and so the most this machine's cores allow), and in the same run three ceilings:
// the same herd calling a function that does nothing (what the gateway itself allows),
// submit_exam's transaction sent straight to the database (what the SQL itself allows), and raw
// single-row inserts. Then where submit_exam's time in the database went over the herd runs,
// step by step (bench/function-times.ts), and the ratios issue 24 sets targets for: the SQL alone
// at 65 % of the insert ceiling or more, the herd at 80 % of the SQL alone or more.
import { availableParallelism } from 'node:os'
import { defaultPoolSize } from '../supabase/local/db.ts'
import { createRequestRunner } from '../supabase/local/run-as.ts'
import { startStack, type RunningStack } from '../supabase/local/stack.ts'
import { benchAnswers, benchSubmission, createCodes, createStartedCodes } from './bench-submission.ts'
import { functionShares, functionTimesBetween, functionTimesOnceCounted, trackFunctionTimes } from './function-times.ts'
import type { HerdReport } from './herd-submitter.ts'
import { percentile } from './percentiles.ts'
import { postgresServerCpuMs } from './process-cpu.ts'
import { spawnHerd } from './spawn-herd.ts'

export interface HerdTargets {
  /** Least share of the raw insert ceiling the herd should reach. */
  shareOfInsertCeiling?: number
  /** Least share of the raw insert ceiling submit_exam's transactions alone should reach. */
  sqlShareOfInsertCeiling?: number
  /** Least share of the SQL alone's rate the herd should reach. */
  herdShareOfSql?: number
  /** Least accepted submissions per second. */
  perSecond?: number
  p99Ms?: number
}

/** One herd: its report, its rate, and the CPU the stack's process and the database server took. */
export interface HerdRun {
  report: HerdReport
  perSecond: number
  stackCpuMs: number
  serverCpuMs?: number
}

/** Takes submit_exam's arguments and does nothing: the same herd through the gateway, without the SQL. */
const noopFunction = `
  create function public.bench_noop(submission_id uuid, code text, student_name text, answers jsonb, tab_switches integer,
    time_taken integer, started_at timestamptz, submitted_at timestamptz) returns jsonb
  language sql as $$ select '{"outcome": "accepted"}'::jsonb $$;
  grant execute on function public.bench_noop(uuid, text, text, jsonb, integer, integer, timestamptz, timestamptz) to anon`

export async function runSubmissionHerd({
  databaseUrl,
  databaseName,
  count,
  runs,
  targets,
}: {
  databaseUrl?: string
  databaseName: string
  count: number
  runs: number
  targets: HerdTargets
}): Promise<void> {
  const stack = await startStack({ port: 0, databaseUrl, admin: { email: 'bench@holdfast.test', password: 'bench-password' } })
  const { rows: versions } = await stack.db.query<{ version: string }>('select current_setting($1) as version', [
    'server_version',
  ])
  // Before the first request, which reads the functions the REST API serves.
  await stack.db.exec(noopFunction)
  // For every run alike (its cost is two clock readings per function call).
  await trackFunctionTimes(stack.db, databaseUrl !== undefined)
  // What the database does with the same calls, as many at once as the stack's pool serves.
  const parallel = databaseUrl ? 2 * defaultPoolSize() : 1

  // Students who started their exams (as every device does before it submits), all before the
  // first herd, so that the time counted over the herds is submit_exam's alone.
  const runCodes: string[][] = []
  for (let run = 0; run < runs; run++) runCodes.push(await createStartedCodes(stack, `S${run}`, count))
  const herdCodes = runCodes.flat()
  const startsCounted = await functionTimesOnceCounted(stack.db, 'private.take_exam_snapshot', herdCodes.length)

  const onPostgres = databaseUrl !== undefined
  const herd = async (codes: string[], functionName?: string): Promise<HerdRun> => {
    const { result: report, ...cpu } = await withCpu(stack, onPostgres, () =>
      spawnHerd(stack.url, stack.anonKey, codes, functionName),
    )
    return { report, perSecond: (report.outcomes.accepted ?? 0) / ((report.doneAt - report.firedAt) / 1000), ...cpu }
  }
  const herds: HerdRun[] = []
  for (const codes of runCodes) herds.push(await herd(codes))
  const storage = await storedOnce(stack, herdCodes)
  const accepted = herds.reduce((sum, run) => sum + (run.report.outcomes.accepted ?? 0), 0)
  const herdTimes = functionTimesBetween(startsCounted, await functionTimesOnceCounted(stack.db, 'public.submit_exam', accepted))
  // The gateway's herd needs only codes: bench_noop reads none.
  const gateway = await herd(await createCodes(stack, 'N', count), 'bench_noop')

  const requests = createRequestRunner(stack.db)
  const identity = { role: 'anon' as const, claims: { role: 'anon' }, headers: { 'x-forwarded-for': '127.0.0.1' } }
  const submitStraight = (code: string) =>
    requests.runAs(identity, async (tx) => {
      const call = benchSubmission(code, 'Sql Student')
      // As the REST API sends a call: with the transaction's opening and its COMMIT, in one round trip.
      const { rows } = await tx.queryAndCommit<{ outcome: string }>(
        `select public.submit_exam($1, $2, $3, $4, $5, $6, $7, $8) ->> 'outcome' as outcome`,
        [
          call.submission_id,
          call.code,
          call.student_name,
          JSON.stringify(call.answers),
          0,
          600,
          call.started_at,
          call.submitted_at,
        ],
      )
      if (rows[0]?.outcome !== 'accepted') throw new Error(`submit_exam answered ${rows[0]?.outcome} to a fresh code`)
    })
  const sqlCodes = await createStartedCodes(stack, 'Q', count)
  const { result: sqlRate, ...sqlCpu } = await withCpu(stack, onPostgres, () =>
    perSecond(count, parallel, (i) => submitStraight(sqlCodes[i] as string)),
  )
  const sqlCpuEach = (sqlCpu.stackCpuMs + (sqlCpu.serverCpuMs ?? 0)) / count
  const sqlStackCpuEach = sqlCpu.stackCpuMs / count

  // One at a time, so that no submission waits for another's lock: each function's share of the
  // database's work (its CPU, and any wait for a core on a busy machine).
  const aloneCodes = await createStartedCodes(stack, 'T', Math.min(count, 500))
  const aloneBefore = await functionTimesOnceCounted(
    stack.db,
    'private.take_exam_snapshot',
    herdCodes.length + sqlCodes.length + aloneCodes.length,
  )
  const submitExamCalls = aloneBefore.get('public.submit_exam')?.calls ?? 0
  await perSecond(aloneCodes.length, 1, (i) => submitStraight(aloneCodes[i] as string))
  const aloneTimes = functionTimesBetween(
    aloneBefore,
    await functionTimesOnceCounted(stack.db, 'public.submit_exam', submitExamCalls + aloneCodes.length),
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

  const byRate = [...herds].sort((a, b) => b.perSecond - a.perSecond)
  const best = byRate[0] as HerdRun
  const median = byRate[Math.floor((byRate.length - 1) / 2)] as HerdRun
  const p99 = (run: HerdRun) => percentile(run.report.latencies, 99)
  const share = best.perSecond / insertRate
  const cpu = perSubmissionCpu(herds, count)
  const herdCpuEach = cpu.stack + (cpu.server ?? 0) + cpu.students
  const machineCeiling = (availableParallelism() * 1000) / herdCpuEach
  const ms = (value: number) => `${value.toFixed(0)} ms`
  const rate = (value: number) => `${value.toFixed(0)}/s`
  const against = (met: boolean, target: string) => `(target ${target}: ${met ? 'met' : 'not met'})`
  const latency = (run: HerdRun) =>
    `p50 ${ms(percentile(run.report.latencies, 50))}  p95 ${ms(percentile(run.report.latencies, 95))}  p99 ${ms(p99(run))}`
  console.log(`database:      ${databaseName}, PostgreSQL ${versions[0]?.version ?? '?'}`)
  console.log(
    `students:      ${count} submit_exam calls fired within 1 s from another process (supabase-js's request, sent by node:http), ${runs} runs`,
  )
  console.log(`outcomes:      ${herds.map((run) => JSON.stringify(run.report.outcomes)).join(' ')}`)
  console.log(`stored:        ${storage.report(accepted)}`)
  console.log(`not accepted:  ${count * runs - accepted} (a student's device keeps these in its outbox and sends them again)`)
  console.log(
    `runs:          ${herds.map((run) => `${rate(run.perSecond)} (all answered in ${ms(run.report.doneAt - run.report.firedAt)})`).join(', ')}`,
  )
  console.log(
    `throughput:    best ${rate(best.perSecond)}, median ${rate(median.perSecond)} accepted submissions` +
      (targets.perSecond ? ` ${against(best.perSecond >= targets.perSecond, `≥ ${rate(targets.perSecond)}`)}` : ''),
  )
  console.log(
    `latency:       best run ${latency(best)}` +
      (targets.p99Ms ? ` ${against(p99(best) <= targets.p99Ms, `p99 ≤ ${ms(targets.p99Ms)}`)}` : ''),
  )
  console.log(`               median run ${latency(median)}`)
  console.log(
    `CPU:           per submission ${cpu.stack.toFixed(2)} ms in the stack's process` +
      (cpu.server === undefined ? '' : `, ${cpu.server.toFixed(2)} ms in PostgreSQL's server`) +
      `, ${cpu.students.toFixed(2)} ms in the students' (while they fire)`,
  )
  console.log(
    `               at that, ${availableParallelism()} cores allow at most ${rate(machineCeiling)} with nothing else running`,
  )
  console.log(
    `gateway:       ${rate(gateway.perSecond)} for the same herd calling a function that does nothing (p99 ${ms(p99(gateway))}, ` +
      `${(gateway.stackCpuMs / count).toFixed(2)} ms of the stack's CPU each): HTTP, JWT, REST and a transaction`,
  )
  console.log(
    `SQL alone:     ${rate(sqlRate)} submit_exam transactions sent straight to the database, ${parallel} at a time (no HTTP, no JWT), ` +
      `${sqlCpuEach.toFixed(2)} ms of CPU each (${sqlStackCpuEach.toFixed(2)} ms in the stack's process)`,
  )
  // What bounds the herd against the SQL alone when the CPU does: on PostgreSQL the machine's cores,
  // shared by the stack, the server and the students; on PGlite the stack's one thread, which runs
  // the database as well as HTTP (the students have the other core).
  console.log(
    onPostgres
      ? `               where the cores are the limit, the herd (${herdCpuEach.toFixed(2)} ms of CPU each, its students' included) ` +
          `can reach at most ${percent(sqlCpuEach / herdCpuEach)} of it`
      : `               where the stack's one thread is the limit, the herd (${cpu.stack.toFixed(2)} ms of its CPU each) ` +
          `can reach at most ${percent(sqlStackCpuEach / cpu.stack)} of it`,
  )
  console.log(`ceiling:       ${rate(insertRate)} raw single-row inserts into the same database, ${parallel} at a time`)
  console.log(
    `ratio:         best herd at ${percent(share)} of the raw insert ceiling` +
      (targets.shareOfInsertCeiling
        ? ` ${against(share >= targets.shareOfInsertCeiling, `≥ ${percent(targets.shareOfInsertCeiling)}`)}`
        : ''),
  )
  console.log(
    `               the SQL alone at ${percent(sqlRate / insertRate)} of the ceiling` +
      (targets.sqlShareOfInsertCeiling
        ? ` ${against(sqlRate / insertRate >= targets.sqlShareOfInsertCeiling, `≥ ${percent(targets.sqlShareOfInsertCeiling)}`)}`
        : ''),
  )
  console.log(
    `               the best herd at ${percent(best.perSecond / sqlRate)} of what the SQL allows` +
      (targets.herdShareOfSql
        ? ` ${against(best.perSecond / sqlRate >= targets.herdShareOfSql, `≥ ${percent(targets.herdShareOfSql)}`)}`
        : ''),
  )
  console.log(
    `steps:         submit_exam's time in the database per submission, in each function it called and in each alone ` +
      `(pg_stat_user_functions: elapsed, so a wait for a lock or for a core counts too)`,
  )
  console.log(`               ${aloneCodes.length} sent straight to the database one at a time (nothing to wait for but a core):`)
  for (const line of functionShares(aloneTimes, 'public.submit_exam')) console.log(`             ${line}`)
  console.log(`               over the herd runs (with the waits of submissions for each other's locks):`)
  for (const line of functionShares(herdTimes, 'public.submit_exam')) console.log(`             ${line}`)
  if (!storage.intact(accepted)) process.exitCode = 1
}

export const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`

/**
 * What `work` answers, and the CPU milliseconds spent meanwhile by the stack's own process (HTTP,
 * JWT, REST, and on PGlite the database too: less at the mercy of other load on the machine than
 * the wall-clock figures) and, `onPostgres`, by the PostgreSQL server's processes.
 */
export async function withCpu<T>(
  stack: RunningStack,
  onPostgres: boolean,
  work: () => Promise<T>,
): Promise<{ result: T; stackCpuMs: number; serverCpuMs?: number }> {
  const serverBefore = onPostgres ? await postgresServerCpuMs(stack.db) : undefined
  const cpuBefore = process.cpuUsage()
  const result = await work()
  const cpu = process.cpuUsage(cpuBefore)
  const serverAfter = serverBefore === undefined ? undefined : await postgresServerCpuMs(stack.db)
  return {
    result,
    stackCpuMs: (cpu.user + cpu.system) / 1000,
    serverCpuMs: serverAfter === undefined || serverBefore === undefined ? undefined : serverAfter - serverBefore,
  }
}

/** Mean CPU milliseconds per submission over the runs, in each process. */
export function perSubmissionCpu(runs: HerdRun[], count: number): { stack: number; server?: number; students: number } {
  const mean = (value: (run: HerdRun) => number) => runs.reduce((sum, run) => sum + value(run), 0) / runs.length / count
  const servers = runs.map((run) => run.serverCpuMs)
  return {
    stack: mean((run) => run.stackCpuMs),
    server: servers.every((value) => value !== undefined) ? mean((run) => run.serverCpuMs as number) : undefined,
    students: mean((run) => run.report.cpuMs),
  }
}

/** Whether each accepted submission is stored exactly once, and each stored one used its code. */
export async function storedOnce(stack: RunningStack, codes: string[]) {
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
