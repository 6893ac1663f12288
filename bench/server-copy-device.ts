// One student's device for the server-copy bench, in a process of its own (a browser has its own
// IndexedDB and its own sync worker): the app's real outbox of progress reports
// (recordAttemptReport, kept in Dexie, here over fake-indexeddb) and its real sync worker
// (createSyncWorker, sending through the student's REST client), while the bench's herd keeps
// the server busy. For each line "<round>" on stdin the device plays one 30-second tick of the
// exam in a moment: the tick's report, then the round's answer (and flag) changes in three bursts, each
// followed by a report (as the coalesced report after a quiet period), none waiting for the
// previous one's delivery; then it waits until the last is delivered, and prints one JSON line
// (DeviceRound) with the most reports its outbox held meanwhile, watched after every write and
// every few milliseconds. On its offline round it sends nothing (as fetch fails offline), and
// delivers on the next round's reconnect.
// Usage: tsx bench/server-copy-device.ts <url> <anon key> <code> <attempt id> <student> <rounds> [offline round]
import 'fake-indexeddb/auto'
import { createInterface } from 'node:readline'
import { buildAttemptReport, type AttemptReport } from '../src/domain/attempt-report.ts'
import { startAttempt } from '../src/domain/exam-attempt.ts'
import { createPublicApi } from '../src/lib/api/public-api.ts'
import { examDb } from '../src/lib/offline/exam-db.ts'
import { recordAttemptReport } from '../src/lib/sync/attempt-reports.ts'
import { createSyncWorker } from '../src/lib/sync/sync-worker.ts'
import { sendAttemptReport, type ReportResult } from '../src/lib/student/student-api.ts'
import { answersAt, flagsAt } from './writing-students.ts'

export interface DeviceRound {
  round: number
  /** Reports the device made (each written to its outbox). */
  recorded: number
  /** Reports the sync worker sent, and those the server answered with ok. */
  sent: number
  delivered: number
  /** The most reports of this attempt in the outbox at once, and of all attempts (the whole outbox). */
  mostPendingForAttempt: number
  mostPendingInOutbox: number
  /** Reports still pending once the round was over (its last delivered, unless offline). */
  pendingAfter: number
  offline: boolean
}

const [url, anonKey, code, attemptId, student, rounds, offlineRound = '-1'] = process.argv.slice(2) as string[]
const client = createPublicApi(
  { supabaseUrl: url as string, supabaseAnonKey: anonKey as string },
  fetch,
  `bench-device-${student}`,
)
let online = true
let sent = 0
let delivered = 0
let reconnect = () => {}

const worker = createSyncWorker({
  send: () => Promise.resolve({ kind: 'retry', error: 'this device submits nothing', status: 0 }),
  sendReport: async (report: AttemptReport): Promise<ReportResult> => {
    // Offline, the browser's fetch fails before anything leaves: the report waits for the next trigger.
    if (!online) return { kind: 'retry', error: 'offline' }
    sent++
    const result = await sendAttemptReport(report, client)
    if (result.kind === 'delivered') delivered++
    return result
  },
  onOnline: (listener) => {
    reconnect = listener
    return () => {}
  },
})

const attempt = startAttempt({
  id: attemptId as string,
  loginCode: code as string,
  studentName: 'Device Student',
  questions: [],
  startedAt: Date.now(),
  durationMinutes: 45,
  deadlineIso: new Date(Date.now() + 20 * 60_000).toISOString(),
  serverOffsetMs: 0,
  answerFileKey: '00'.repeat(32),
})
await examDb.attempts.put(attempt)
await worker.start()
console.log('ready')

let mostForAttempt = 0
let mostInOutbox = 0
async function watchOutbox(): Promise<void> {
  const [forAttempt, inOutbox] = await Promise.all([
    examDb.reports.where('attempt_id').equals(attempt.id).count(),
    examDb.reports.count(),
  ])
  mostForAttempt = Math.max(mostForAttempt, forAttempt)
  mostInOutbox = Math.max(mostInOutbox, inOutbox)
}

/** As the exam does on each trigger: the report written to the outbox, then sent without waiting for it. */
async function report(): Promise<void> {
  await recordAttemptReport(buildAttemptReport(attempt, 'in_progress', Date.now(), online, true))
  await watchOutbox()
  void worker.reportNow()
}

async function playRound(round: number): Promise<DeviceRound> {
  const sentBefore = sent
  const deliveredBefore = delivered
  mostForAttempt = 0
  mostInOutbox = 0
  const wasOffline = !online
  online = round !== Number(offlineRound)
  // Back online: the browser's `online` event makes the worker send what waited.
  if (online && wasOffline) reconnect()
  const watcher = setInterval(() => void watchOutbox(), 5)
  let recorded = 0
  await report()
  recorded++
  const target = answersAt(Number(student), round, Number(rounds))
  const changes = Object.entries(target).filter(([question, letter]) => attempt.answers[question] !== letter)
  for (let burst = 0; burst < 3; burst++) {
    for (const [question, letter] of changes.filter((_, i) => i % 3 === burst)) attempt.answers[question] = letter
    attempt.answers = { ...attempt.answers }
    // The round's "Review later" flags go with its first burst.
    if (burst === 0) attempt.flags = flagsAt(Number(student), round, Number(rounds))
    await report()
    recorded++
  }
  // Until the latest report is answered (a report still in flight is awaited, not sent again);
  // a server that keeps failing leaves it pending, which the round's line shows.
  for (let tries = 0; online && tries < 10 && (await examDb.reports.count()) > 0; tries++) await worker.reportNow()
  clearInterval(watcher)
  await watchOutbox()
  return {
    round,
    recorded,
    sent: sent - sentBefore,
    delivered: delivered - deliveredBefore,
    mostPendingForAttempt: mostForAttempt,
    mostPendingInOutbox: mostInOutbox,
    pendingAfter: await examDb.reports.count(),
    offline: !online,
  }
}

for await (const line of createInterface({ input: process.stdin })) {
  if (line.trim() === '') continue
  console.log(JSON.stringify(await playRound(Number(line))))
}
worker.stop()
// IndexedDB's connection would keep the process alive; everything it holds is reported.
process.exit(0)
