// The server's copy of the answers (issue 26), measured on either database the stack runs on: N
// students (default 2,000) writing at once, each reporting every 30 s with its answers (changing
// from report to report) and its flags, then all submitting at the deadline.
// - Reports: the 30-second ticks are driven in rounds (default 5, standing for ticks spread over
//   the exam), each round's N report_exam_attempt calls sent through the stack's HTTP API within a
//   few seconds by a process of their own (bench/herd-submitter.ts, supabase-js's own request), as
//   many cohorts of N as there are herd runs. Printed: the CPU each report takes in the stack's
//   process (on PGlite the database's too) and, on PostgreSQL, in the server's processes; from it
//   the share of one core that N devices reporting every 30 s take (target ≤ 20 %); and whether
//   the server kept each student's last report.
// - The outbox: a sample of devices (default 4), each a process with the app's own outbox and sync
//   worker over fake-indexeddb (bench/server-copy-device.ts), reporting during the first cohort's
//   rounds, one of them offline for a round: the most reports its outbox ever held.
// - Submissions: each cohort's N students submit within one second, beside today's herd (N
//   students who started and never reported) measured in the same process, in turns; the ratio
//   of their times and CPU per submission (target: no more than 10 % slower).
import { spawn } from 'node:child_process'
import { loadavg } from 'node:os'
import { createInterface } from 'node:readline'
import { startStack, type RunningStack } from '../supabase/local/stack.ts'
import { createStartedCodes } from './bench-submission.ts'
import {
  functionShares,
  functionTimesBetween,
  functionTimesOnceCounted,
  trackFunctionTimes,
  type FunctionTime,
} from './function-times.ts'
import type { HerdCall } from './herd-submitter.ts'
import { percentile } from './percentiles.ts'
import type { DeviceRound } from './server-copy-device.ts'
import { spawnHerd } from './spawn-herd.ts'
import { percent, perSubmissionCpu, storedOnce, withCpu, type HerdRun } from './submission-herd.ts'
import { answersAt, flagsAt, reportArguments } from './writing-students.ts'

/** What a device does between two reports in the real exam, and what the steady-state share is of. */
const reportEveryMs = 30_000

export interface ServerCopyOptions {
  databaseUrl?: string
  databaseName: string
  /** Students writing at once. */
  count: number
  /** Report rounds (30-second ticks) per cohort. */
  rounds: number
  /** Submission herds of each kind, and so cohorts of `count` reporting students. */
  runs: number
  /** Devices sampled with the app's outbox and sync worker. */
  devices: number
  /** Milliseconds over which a round's reports are fired. */
  spreadMs: number
}

interface Attempt {
  id: string
  code: string
}

export async function runServerCopy(options: ServerCopyOptions): Promise<void> {
  const { databaseUrl, databaseName, count, rounds, runs, devices, spreadMs } = options
  // No timer of the stack's own submits silent attempts meanwhile: the bench runs it and counts its cost.
  const stack = await startStack({
    port: 0,
    databaseUrl,
    admin: { email: 'bench@holdfast.test', password: 'bench-password' },
    serverCopyEveryMs: 0,
  })
  const onPostgres = databaseUrl !== undefined
  const { rows: versions } = await stack.db.query<{ version: string }>('select current_setting($1) as version', [
    'server_version',
  ])
  // For every herd alike: where each kind's submissions spend their time in the database.
  await trackFunctionTimes(stack.db, onPostgres)

  // Every student starts before anything is measured, so that the rounds and herds count only their own calls.
  const cohorts: Attempt[][] = []
  for (let run = 0; run < runs; run++) cohorts.push(await startedAttempts(stack, `W${run}`, count))
  const todays: string[][] = []
  for (let run = 0; run < runs; run++) todays.push(await createStartedCodes(stack, `S${run}`, count))
  const warmUp = await createStartedCodes(stack, 'U', count)
  const silent = await startedAttempts(stack, 'Z', count)
  const sampled = await startedAttempts(stack, 'D', devices)
  const sample = await Promise.all(sampled.map((attempt, i) => startDevice(stack, attempt, i, rounds)))

  // The reports: each round, each cohort's N reports; the sampled devices play their rounds beside
  // the first cohort's, and their reports, sent to the same server in the same window, count too.
  const reportCpu = { stackMs: 0, serverMs: onPostgres ? 0 : undefined, studentsMs: 0, reports: 0 }
  const reportsBefore = await functionTimesOnceCounted(stack.db, 'public.report_exam_attempt', 0)
  const latencies: number[] = []
  const outcomes: Record<string, number> = {}
  const deviceRounds: DeviceRound[] = []
  for (let round = 0; round < rounds; round++) {
    for (const [c, cohort] of cohorts.entries()) {
      const calls: HerdCall[] = cohort.map((attempt, student) => reportArguments(attempt, student, round, rounds))
      const { result, stackCpuMs, serverCpuMs } = await withCpu(stack, onPostgres, () =>
        Promise.all([
          spawnHerd(stack.url, stack.anonKey, calls, 'report_exam_attempt', spreadMs),
          Promise.all(c === 0 ? sample.map((device) => device.playRound(round)) : []),
        ]),
      )
      const [report, played] = result
      deviceRounds.push(...played)
      reportCpu.stackMs += stackCpuMs
      if (reportCpu.serverMs !== undefined) reportCpu.serverMs += serverCpuMs ?? Number.NaN
      reportCpu.studentsMs += report.cpuMs
      reportCpu.reports += calls.length + played.reduce((sum, line) => sum + line.sent, 0)
      latencies.push(...report.latencies)
      for (const [outcome, n] of Object.entries(report.outcomes)) outcomes[outcome] = (outcomes[outcome] ?? 0) + n
    }
  }
  await Promise.all(sample.map((device) => device.close()))
  const reportTimes = functionTimesBetween(
    reportsBefore,
    await functionTimesOnceCounted(stack.db, 'public.report_exam_attempt', reportCpu.reports),
  )
  // The sampled devices' reports too: the app's own, built from what each device holds.
  const copies = await keptCopies(stack, [...cohorts, sampled], rounds)
  const sweeps = await serverSubmissions(stack, onPostgres, silent, rounds, spreadMs)

  // The deadline's herds, in turns (today's first in even runs, the reporting cohort's in odd
  // ones), after one not reported: a process's first herd is its slowest.
  let submitted = 0
  const herd = async (codes: string[], times?: FunctionTime[]): Promise<HerdRun> => {
    const before = await functionTimesOnceCounted(stack.db, 'public.submit_exam', submitted)
    const { result: report, ...cpu } = await withCpu(stack, onPostgres, () => spawnHerd(stack.url, stack.anonKey, codes))
    submitted += report.outcomes.accepted ?? 0
    times?.push(...functionTimesBetween(before, await functionTimesOnceCounted(stack.db, 'public.submit_exam', submitted)))
    return { report, perSecond: (report.outcomes.accepted ?? 0) / ((report.doneAt - report.firedAt) / 1000), ...cpu }
  }
  await herd(warmUp)
  const today: HerdRun[] = []
  const reported: HerdRun[] = []
  const todayTimes: FunctionTime[] = []
  const reportedTimes: FunctionTime[] = []
  // Other work on the machine moves a pair's times far more than its CPU: the load says how busy it was.
  const pairLoads: number[] = []
  for (let run = 0; run < runs; run++) {
    const cohortCodes = (cohorts[run] as Attempt[]).map((attempt) => attempt.code)
    if (run % 2 === 0) {
      today.push(await herd(todays[run] as string[], todayTimes))
      reported.push(await herd(cohortCodes, reportedTimes))
    } else {
      reported.push(await herd(cohortCodes, reportedTimes))
      today.push(await herd(todays[run] as string[], todayTimes))
    }
    pairLoads.push(loadavg()[0] as number)
  }
  const herdCodes = [...todays.flat(), ...cohorts.flat().map((attempt) => attempt.code)]
  const storage = await storedOnce(stack, herdCodes)
  const accepted = [...today, ...reported].reduce((sum, run) => sum + (run.report.outcomes.accepted ?? 0), 0)
  await stack.close()

  // Figures.
  const ms = (value: number) => `${value.toFixed(0)} ms`
  const cpuLine = (cpu: { stack: number; server?: number }) =>
    `${cpu.stack.toFixed(2)} ms in the stack's process` +
    (cpu.server === undefined ? '' : ` + ${cpu.server.toFixed(2)} ms in PostgreSQL's server`)
  const serverCpu = (cpu: { stack: number; server?: number }) => cpu.stack + (cpu.server ?? 0)
  const perReport = {
    stack: reportCpu.stackMs / reportCpu.reports,
    server: reportCpu.serverMs === undefined ? undefined : reportCpu.serverMs / reportCpu.reports,
  }
  // With the local timer's run of submit_from_server_copies every 30 s (measured over more live attempts than N: at most this).
  const steadyMs = serverCpu(perReport) * count + sweeps.idleMs
  const share = steadyMs / reportEveryMs
  console.log(`database:      ${databaseName}, PostgreSQL ${versions[0]?.version ?? '?'}`)
  console.log(
    `reports:       ${count} students × ${rounds} rounds × ${runs} cohorts, each round's reports fired within ${ms(spreadMs)} ` +
      `from another process (supabase-js's request, sent by node:http), answers changing and growing to 50`,
  )
  console.log(`outcomes:      ${JSON.stringify(outcomes)}`)
  console.log(
    `latency:       p50 ${ms(percentile(latencies, 50))}  p95 ${ms(percentile(latencies, 95))}  p99 ${ms(percentile(latencies, 99))}`,
  )
  console.log(
    `CPU:           per report ${cpuLine(perReport)} (${reportCpu.reports} reports); ` +
      `${(reportCpu.studentsMs / (count * rounds * runs)).toFixed(2)} ms in the students' process`,
  )
  console.log(
    `steady state:  ${count} devices reporting every 30 s take ${((serverCpu(perReport) * count) / 1000).toFixed(2)} s of the ` +
      `server's CPU per 30 s, and the timer's run with nothing due ${(sweeps.idleMs / 1000).toFixed(2)} s: ` +
      `${percent(share)} of one core (target ≤ 20 %: ${share <= 0.2 ? 'met' : 'not met'})`,
  )
  console.log(`server's copy: ${copies}`)
  console.log(`               report_exam_attempt's time in the database per report, as submit_exam's below:`)
  for (const line of functionShares(reportTimes, 'public.report_exam_attempt')) console.log(`             ${line}`)
  const mostForAttempt = Math.max(...deviceRounds.map((line) => line.mostPendingForAttempt))
  const mostInOutbox = Math.max(...deviceRounds.map((line) => line.mostPendingInOutbox))
  const sum = (pick: (line: DeviceRound) => number) => deviceRounds.reduce((total, line) => total + pick(line), 0)
  console.log(
    `outbox:        ${devices} devices (the app's outbox and sync worker, fake-indexeddb) over ${rounds} rounds beside the first cohort, ` +
      `one offline for a round: ${sum((line) => line.recorded)} reports made, ${sum((line) => line.sent)} sent, ` +
      `${sum((line) => line.delivered)} delivered`,
  )
  console.log(
    `               at most ${mostForAttempt} pending report per attempt, ${mostInOutbox} in a device's whole outbox ` +
      `(target ≤ 1: ${mostForAttempt <= 1 && mostInOutbox <= 1 ? 'met' : 'NOT met'}); ` +
      `${sum((line) => (line.offline ? 0 : line.pendingAfter))} left pending at the end of a round online`,
  )
  const herdTime = (run: HerdRun) => run.report.doneAt - run.report.firedAt
  const herdCpu = (run: HerdRun) => serverCpu(perSubmissionCpu([run], count))
  const herdLine = (label: string, runsOfKind: HerdRun[]) => {
    const all = runsOfKind.flatMap((run) => run.report.latencies)
    console.log(
      `${label}${runsOfKind.map((run) => JSON.stringify(run.report.outcomes)).join(' ')}, ` +
        `all answered in ${runsOfKind.map((run) => ms(herdTime(run))).join(', ')}; ` +
        `latency p50 ${ms(percentile(all, 50))}  p99 ${ms(percentile(all, 99))}; ` +
        `CPU per submission ${cpuLine(perSubmissionCpu(runsOfKind, count))}`,
    )
  }
  console.log(`submissions:   ${count} submit_exam calls fired within 1 s, ${runs} herds of each kind in turns`)
  herdLine(`  today's:     `, today)
  herdLine(`  reported:    `, reported)
  // Each pair ran back to back, so its ratio sees the same machine: the median of the pairs' ratios.
  const pairs = reported.map((run, i) => ({
    time: herdTime(run) / herdTime(today[i] as HerdRun),
    cpu: herdCpu(run) / herdCpu(today[i] as HerdRun),
  }))
  const slower = median(pairs.map((pair) => pair.time))
  console.log(
    `  ratio:       the reporting students' herd against today's, pair by pair: ` +
      `${pairs.map((pair) => `${pair.time.toFixed(2)}×`).join(', ')} the time, ` +
      `${pairs.map((pair) => `${pair.cpu.toFixed(2)}×`).join(', ')} the server's CPU per submission ` +
      `(1-minute load average after each pair: ${pairLoads.map((load) => load.toFixed(1)).join(', ')})`,
  )
  console.log(
    `               median ${slower.toFixed(2)}× the time (target ≤ 1.10: ${slower <= 1.1 ? 'met' : 'not met'}), ` +
      `${median(pairs.map((pair) => pair.cpu)).toFixed(2)}× the CPU`,
  )
  console.log(`stored:        ${storage.report(accepted)}`)
  for (const line of sweeps.lines) console.log(line)
  console.log(
    `steps:         submit_exam's time in the database per submission, in each function it called and in each alone ` +
      `(pg_stat_user_functions: elapsed, so a wait for a lock or for a core counts too)`,
  )
  for (const [label, times] of [
    ["today's herds", todayTimes],
    ["the reporting students' herds", reportedTimes],
  ] as const) {
    console.log(`               ${label}:`)
    for (const line of functionShares(summed(times), 'public.submit_exam')) console.log(`             ${line}`)
  }
  if (!storage.intact(accepted) || !sweeps.intact || mostForAttempt > 1) process.exitCode = 1
}

/** What the server's own submissions of silent attempts cost: lines to print, and the CPU of one run with nothing due. */
interface ServerSubmissions {
  lines: string[]
  idleMs: number
  intact: boolean
}

/**
 * The server's own submissions of silent attempts (submit_from_server_copies, which the local
 * stack's timer runs every 30 s and pg_cron every minute; the bench's stack runs none of its own):
 * its cost when nothing is due, over every attempt still live, and then for `silent` students
 * whose devices died after their last report: their reports sent as the others', then the clock
 * moved past their deadline and its grace (their times moved back together), then one run.
 */
async function serverSubmissions(
  stack: RunningStack,
  onPostgres: boolean,
  silent: Attempt[],
  rounds: number,
  spreadMs: number,
): Promise<ServerSubmissions> {
  const sweep = () =>
    withCpu(stack, onPostgres, async () => {
      const { rows } = await stack.db.query<{ submitted: number }>('select public.submit_from_server_copies() as submitted')
      return rows[0]?.submitted ?? 0
    })
  const cpuMs = (run: Awaited<ReturnType<typeof sweep>>) => run.stackCpuMs + (run.serverCpuMs ?? 0)
  const cpu = (run: Awaited<ReturnType<typeof sweep>>) =>
    `${run.stackCpuMs.toFixed(0)} ms in the stack's process` +
    (run.serverCpuMs === undefined ? '' : ` + ${run.serverCpuMs.toFixed(0)} ms in PostgreSQL's server`)
  const { rows: live } = await stack.db.query<{ live: number }>(
    `select count(*)::int as live from public.exam_attempts where state in ('in_progress', 'submitted_on_device')`,
  )
  const idle = await sweep()
  await spawnHerd(
    stack.url,
    stack.anonKey,
    silent.map((attempt, student) => reportArguments(attempt, student, rounds - 1, rounds)),
    'report_exam_attempt',
    spreadMs,
  )
  const codes = silent.map((attempt) => attempt.code)
  await stack.db.query(
    `update public.exam_attempts a
        set started_at = a.started_at - shift, deadline = a.deadline - shift, reported_at = a.reported_at - shift,
            last_seen = a.last_seen - shift, reported_answers_at = a.reported_answers_at - shift,
            reported_answers_received_at = a.reported_answers_received_at - shift
       from (select a.deadline - (now() - interval '3 minutes') as shift
               from public.exam_attempts a where a.login_code = $1) as moved
      where a.login_code = any($2)`,
    [codes[0], codes],
  )
  const due = await sweep()
  const { rows: stored } = await stack.db.query<{ stored: number }>(
    `select count(*)::int as stored from public.submissions s
       join public.login_codes lc on lc.code = s.login_code and lc.is_used
      where s.login_code = any($1) and s.from_server_copy and s.server_copy_saved_at is not null
        and s.answers = $2::jsonb`,
    [codes, JSON.stringify(answersAt(0, rounds - 1, rounds))],
  )
  const storedCount = stored[0]?.stored ?? 0
  return {
    idleMs: cpuMs(idle),
    intact: due.result === silent.length && storedCount === silent.length,
    lines: [
      `server copies: submit_from_server_copies() with nothing due, over ${live[0]?.live ?? 0} live attempts: ` +
        `${idle.result} submitted, ${cpu(idle)}`,
      `               ${silent.length} silent attempts past their deadline and grace: ${due.result} submitted in one run, ` +
        `${cpu(due)}: ${(cpuMs(due) / Math.max(1, due.result)).toFixed(2)} ms each; ` +
        `${storedCount} stored with their last report's answers, marked from the server's copy, their codes used`,
    ],
  }
}

/** The times of several herds added up, function by function. */
function summed(times: FunctionTime[]): FunctionTime[] {
  const byName = new Map<string, FunctionTime>()
  for (const time of times) {
    const sum = byName.get(time.name) ?? { name: time.name, calls: 0, totalMs: 0, selfMs: 0 }
    byName.set(time.name, {
      ...sum,
      calls: sum.calls + time.calls,
      totalMs: sum.totalMs + time.totalMs,
      selfMs: sum.selfMs + time.selfMs,
    })
  }
  return [...byName.values()]
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] as number
}

/** Fresh codes started as a device starts them, with their attempts' ids. */
async function startedAttempts(stack: RunningStack, prefix: string, count: number): Promise<Attempt[]> {
  const codes = await createStartedCodes(stack, prefix, count)
  const { rows } = await stack.db.query<{ id: string; code: string }>(
    'select a.id, a.login_code as code from public.exam_attempts a where a.login_code = any($1)',
    [codes],
  )
  const ids = new Map(rows.map((row) => [row.code, row.id]))
  return codes.map((code) => ({ id: ids.get(code) as string, code }))
}

/** Whether the server kept, for each attempt of the cohorts, the answers and flags of its student's last report. */
async function keptCopies(stack: RunningStack, cohorts: Attempt[][], rounds: number): Promise<string> {
  const expected = cohorts.flatMap((cohort) =>
    cohort.map((attempt, student) => ({
      id: attempt.id,
      answers: answersAt(student, rounds - 1, rounds),
      flags: flagsAt(student, rounds - 1, rounds),
    })),
  )
  const { rows } = await stack.db.query<{ kept: number }>(
    `select count(*)::int as kept
       from jsonb_to_recordset($1::jsonb) as e (id uuid, answers jsonb, flags jsonb)
       join public.exam_attempts a on a.id = e.id
      where a.reported_answers = e.answers and a.reported_flags = e.flags and a.reported_answers_at is not null`,
    [JSON.stringify(expected)],
  )
  const kept = rows[0]?.kept ?? 0
  return kept === expected.length
    ? `all ${kept} attempts hold their student's last report (answers and flags)`
    : `PROBLEM: ${expected.length - kept} of ${expected.length} attempts do not hold their student's last report`
}

interface SampledDevice {
  playRound(round: number): Promise<DeviceRound>
  close(): Promise<void>
}

/** A device process (bench/server-copy-device.ts) for `attempt`, ready once it has started; the second sampled device goes offline for round 1. */
async function startDevice(stack: RunningStack, attempt: Attempt, index: number, rounds: number): Promise<SampledDevice> {
  const script = new URL('./server-copy-device.ts', import.meta.url).pathname
  const offlineRound = index === 1 && rounds > 2 ? 1 : -1
  const child = spawn(
    'npx',
    ['tsx', script, stack.url, stack.anonKey, attempt.code, attempt.id, String(index), String(rounds), String(offlineRound)],
    { stdio: ['pipe', 'pipe', 'inherit'] },
  )
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]()
  const next = async () => {
    const { value, done } = await lines.next()
    if (done) throw new Error(`the sampled device ${index} stopped`)
    return value as string
  }
  await next() // "ready"
  return {
    async playRound(round) {
      child.stdin.write(`${round}\n`)
      return JSON.parse(await next()) as DeviceRound
    },
    async close() {
      child.stdin.end()
      await new Promise((resolve) => child.on('exit', resolve))
    },
  }
}
