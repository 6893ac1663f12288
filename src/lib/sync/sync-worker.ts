import type { AttemptReport } from '../../domain/attempt-report'
import { errorMessage } from '../../domain/error-message'
import type { ExamSubmission } from '../../domain/exam-submission'
import { pendingReport, pendingReports, recordDeliveredReport, recordMoved, settleReport } from './attempt-reports'
import { applyServerDeadline } from '../offline/attempt-store'
import { dueEntry, pendingEntries, recordSendOutcome } from '../offline/outbox'
import { sendAttemptReport, sendSubmission, type ReportResult, type SendResult } from '../student/student-api'

export interface SyncWorkerOptions {
  send: (submission: ExamSubmission) => Promise<SendResult>
  sendReport: (report: AttemptReport) => Promise<ReportResult>
  now?: () => number
  /** A number in [0, 1), as Math.random gives. */
  random?: () => number
  setTimer?: (run: () => void, delayMs: number) => unknown
  clearTimer?: (timer: unknown) => void
  /** Adds and removes the listener for the browser coming back online. */
  onOnline?: (listener: () => void) => () => void
  baseDelayMs?: number
  maxDelayMs?: number
}

export interface SyncWorker {
  /** Sends every pending submission now, whatever its backoff says, and the pending reports; resolves when that round is done. */
  syncNow(): Promise<void>
  /** Sends the pending attempt reports now, and nothing else; resolves when they are answered. */
  reportNow(): Promise<void>
  /** Listens for `online` and sends what is pending; resolves when that first round is done. */
  start(): Promise<void>
  stop(): void
}

/**
 * Exponential backoff with full jitter: a random wait between zero and base × 2^(sends − 1),
 * capped, so a classroom of devices coming back online does not retry in lockstep.
 */
export function backoffDelay(sendCount: number, random: () => number, baseDelayMs: number, maxDelayMs: number): number {
  const ceiling = Math.min(maxDelayMs, baseDelayMs * 2 ** Math.max(0, sendCount - 1))
  return Math.floor(random() * ceiling)
}

/**
 * Drains the Dexie outbox to the server. Each entry has at most one send in flight, however
 * many triggers (a new submission, `online`, the backoff timer) fire at once; the server
 * deduplicates on the submission id in case a response was lost. Network and server errors
 * retry forever; a definitive answer settles the entry, which stays on the device.
 *
 * Attempt reports travel beside the submissions, never in their way: only the latest report of
 * an attempt is sent, a failed one simply waits for the next trigger (the exam reports every
 * 30 s, and `online` sends it), and no submission waits for a report. What a delivered report
 * carried is remembered as the server's copy; a report answered `moved` stops the attempt's reports.
 */
export function createSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const {
    send,
    sendReport,
    now = Date.now,
    random = Math.random,
    setTimer = (run, delayMs) => setTimeout(run, delayMs),
    clearTimer = (timer) => clearTimeout(timer as ReturnType<typeof setTimeout>),
    onOnline = (listener) => {
      window.addEventListener('online', listener)
      return () => window.removeEventListener('online', listener)
    },
    baseDelayMs = 1_000,
    maxDelayMs = 60_000,
  } = options
  const inFlight = new Map<string, Promise<void>>()
  const reportsInFlight = new Map<string, Promise<void>>()
  let timer: unknown = null
  let started = false
  let stopListening = () => {}
  let latestScheduling = 0

  function sendEntry(id: string, force: boolean): Promise<void> {
    const running = inFlight.get(id)
    if (running) return running
    const sending = sendOnce(id, force).finally(() => inFlight.delete(id))
    inFlight.set(id, sending)
    return sending
  }

  async function sendOnce(id: string, force: boolean): Promise<void> {
    const entry = await dueEntry(id, force ? Number.POSITIVE_INFINITY : now())
    if (!entry) return
    let result: SendResult
    try {
      result = await send(entry.submission)
    } catch (error) {
      // A send that throws never got an answer from the server.
      result = { kind: 'retry', error: errorMessage(error), status: 0 }
    }
    const sendCount = entry.sendCount + 1
    await recordSendOutcome(
      id,
      result.kind === 'retry'
        ? {
            kind: 'retry',
            error: result.error,
            failure: result.status === 0 ? 'network' : 'server',
            nextAttemptAt: now() + backoffDelay(sendCount, random, baseDelayMs, maxDelayMs),
          }
        : result,
    )
  }

  async function drain(force: boolean): Promise<void> {
    await Promise.all([drainSubmissions(force), drainReports()])
  }

  async function drainSubmissions(force: boolean): Promise<void> {
    const entries = await pendingEntries()
    await Promise.all(entries.map((entry) => sendEntry(entry.id, force)))
    await scheduleNextDrain()
  }

  async function drainReports(): Promise<void> {
    const reports = await pendingReports()
    await Promise.all(reports.map((report) => deliverReports(report.attempt_id)))
  }

  function deliverReports(attemptId: string): Promise<void> {
    const running = reportsInFlight.get(attemptId)
    if (running) return running
    const delivering = deliverLatestReport(attemptId).finally(() => reportsInFlight.delete(attemptId))
    reportsInFlight.set(attemptId, delivering)
    return delivering
  }

  /** Sends the attempt's report until the latest one is answered: a report made meanwhile goes right after. */
  async function deliverLatestReport(attemptId: string): Promise<void> {
    for (let report = await pendingReport(attemptId); report; report = await pendingReport(attemptId)) {
      let result: ReportResult
      try {
        result = await sendReport(report)
      } catch (error) {
        result = { kind: 'retry', error: errorMessage(error) }
      }
      if (result.kind === 'retry') return
      // The exam continues on another device: this one stops reporting (its pending report goes).
      if (result.kind === 'moved') return recordMoved(attemptId, now())
      if (result.kind === 'delivered') {
        await applyServerDeadline(attemptId, result.deadline)
        await recordDeliveredReport(report, now())
      }
      if (await settleReport(report)) return
    }
  }

  // Nothing here has a screen to report to: a storage error leaves the outbox as it was, the
  // completion screen keeps showing the submission as waiting, and the next trigger tries again.
  // The cause goes to the console, where a developer looking at a stuck outbox can see it.
  function drainInBackground(force: boolean): Promise<void> {
    return drain(force).catch((error: unknown) => {
      console.warn('Holdfast sync: sending the outbox failed; the next trigger tries again.', error)
    })
  }

  async function scheduleNextDrain(): Promise<void> {
    const scheduling = ++latestScheduling
    const entries = await pendingEntries()
    // A later call read the outbox after this one and schedules from fresher data.
    if (scheduling !== latestScheduling) return
    if (timer !== null) clearTimer(timer)
    timer = null
    if (!started || entries.length === 0) return
    const next = Math.min(...entries.map((entry) => entry.nextAttemptAt))
    timer = setTimer(
      () => {
        timer = null
        void drainInBackground(false)
      },
      Math.max(0, next - now()),
    )
  }

  return {
    syncNow: () => drainInBackground(true),
    reportNow: () =>
      drainReports().catch((error: unknown) => {
        console.warn('Holdfast sync: sending the attempt reports failed; the next trigger tries again.', error)
      }),
    async start() {
      if (started) return
      started = true
      stopListening = onOnline(() => void drainInBackground(true))
      await drainInBackground(true)
    },
    stop() {
      started = false
      stopListening()
      if (timer !== null) clearTimer(timer)
      timer = null
    },
  }
}

let appSyncWorker: SyncWorker | undefined

/** The app's one sync worker, sending through Supabase. */
export function submissionSync(): SyncWorker {
  appSyncWorker ??= createSyncWorker({
    send: (submission) => sendSubmission(submission),
    sendReport: (report) => sendAttemptReport(report),
  })
  return appSyncWorker
}

/** Starts the app's sync worker, once; it keeps running for the life of the page. */
export function startSubmissionSync(): void {
  void submissionSync().start()
}
