import type { ExamSubmission } from '../domain/exam-submission'
import { examDb, type OutboxEntry } from './exam-db'
import { pendingEntries } from './outbox'
import { sendSubmission, type SendResult } from './student-api'

export interface SyncWorkerOptions {
  send: (submission: ExamSubmission) => Promise<SendResult>
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
  /** Sends every pending submission now, whatever its backoff says; resolves when that round is done. */
  syncNow(): Promise<void>
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
 */
export function createSyncWorker(options: SyncWorkerOptions): SyncWorker {
  const {
    send,
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
    const entry = await examDb.outbox.get(id)
    if (!entry || entry.state !== 'pending' || (!force && entry.nextAttemptAt > now())) return
    let result: SendResult
    try {
      result = await send(entry.submission)
    } catch (error) {
      result = { kind: 'retry', error: error instanceof Error ? error.message : String(error) }
    }
    await examDb.outbox.update(id, settle(entry, result))
  }

  function settle(entry: OutboxEntry, result: SendResult): Partial<OutboxEntry> {
    const sendCount = entry.sendCount + 1
    switch (result.kind) {
      case 'accepted':
        return { state: 'accepted', receipt: result.receipt, sendCount, lastError: null }
      case 'rejected':
        return { state: 'rejected', rejection: result.rejection, sendCount }
      case 'retry':
        return {
          sendCount,
          lastError: result.error,
          nextAttemptAt: now() + backoffDelay(sendCount, random, baseDelayMs, maxDelayMs),
        }
    }
  }

  async function drain(force: boolean): Promise<void> {
    const entries = await pendingEntries()
    await Promise.all(entries.map((entry) => sendEntry(entry.id, force)))
    await scheduleNextDrain()
  }

  // Nothing here has a screen to report to: a storage error leaves the outbox as it was, the
  // completion screen keeps showing the submission as waiting, and the next trigger tries again.
  function drainInBackground(force: boolean): Promise<void> {
    return drain(force).catch(() => undefined)
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
  appSyncWorker ??= createSyncWorker({ send: (submission) => sendSubmission(submission) })
  return appSyncWorker
}

/** Starts the app's sync worker, once; it keeps running for the life of the page. */
export function startSubmissionSync(): void {
  void submissionSync().start()
}
