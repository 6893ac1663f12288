import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { buildAttemptReport, type AttemptReport } from '../../src/domain/attempt-report'
import type { ExamSubmission, SubmissionReceipt, SubmissionStatus } from '../../src/domain/exam-submission'
import { pendingReports, recordAttemptReport, watchServerCopy } from '../../src/lib/sync/attempt-reports'
import type { StoredServerCopy } from '../../src/lib/offline/exam-db'
import { saveNewAttempt } from '../../src/lib/offline/attempt-store'
import { examDb } from '../../src/lib/offline/exam-db'
import { queueSubmission, requeueSubmission, watchSubmissionStatus } from '../../src/lib/offline/outbox'
import { studentMessages, submissionRejectionMessage } from '../../src/domain/student-messages'
import { classifySubmitAnswer, type ReportResult, type SendResult } from '../../src/lib/student/student-api'
import { backoffDelay, createSyncWorker, type SyncWorkerOptions } from '../../src/lib/sync/sync-worker'
import { clearExamDb, examAttempt, examStart, finishedAttempt } from './exam-fixtures'

/** The server's side of submit_exam: one submission per id and per code, the first receipt returned again for a resend. */
function fakeServer() {
  const stored = new Map<string, ExamSubmission>()
  const receipt = (submission: ExamSubmission): SubmissionReceipt => ({
    submissionId: submission.submission_id,
    score: Object.keys(submission.answers).length,
    total: Object.keys(submission.answers).length,
    receivedAt: '2026-11-23T09:10:01.000Z',
    answersFingerprint: 'server-print',
  })
  return {
    stored,
    async submit(submission: ExamSubmission): Promise<SendResult> {
      const earlier = stored.get(submission.submission_id)
      if (earlier) return { kind: 'accepted', receipt: receipt(earlier) }
      if ([...stored.values()].some((other) => other.code === submission.code)) {
        return { kind: 'rejected', rejection: { reason: 'code_used' } }
      }
      stored.set(submission.submission_id, submission)
      return { kind: 'accepted', receipt: receipt(submission) }
    },
  }
}

/** Timers the test fires by hand, remembering the delays asked for. */
function manualTimers() {
  const waiting = new Map<number, () => void>()
  const delays: number[] = []
  let nextId = 0
  return {
    delays,
    count: () => waiting.size,
    setTimer: (run: () => void, delayMs: number) => {
      delays.push(delayMs)
      waiting.set(++nextId, run)
      return nextId
    },
    clearTimer: (timer: unknown) => void waiting.delete(timer as number),
    fire() {
      const [id, run] = [...waiting][0] ?? []
      if (id === undefined || !run) throw new Error('no timer is waiting')
      waiting.delete(id)
      run()
    },
  }
}

const offline = async (): Promise<SendResult> => ({ kind: 'retry', error: 'TypeError: Failed to fetch', status: 0 })

let now = examStart
let stopWorker = () => {}

beforeEach(async () => {
  now = examStart
  await clearExamDb()
})

afterEach(() => stopWorker())

const deliveredAt = (deadline: string) => async (): Promise<ReportResult> => ({ kind: 'delivered', deadline })

/** A worker with a test clock, random source, timers and online event, after its first round of sends. */
async function startWorker(
  send: SyncWorkerOptions['send'],
  random = () => 0.5,
  sendReport: SyncWorkerOptions['sendReport'] = deliveredAt('2026-11-23T09:30:00.000Z'),
) {
  const timers = manualTimers()
  let online = () => {}
  const worker = createSyncWorker({
    send,
    sendReport,
    now: () => now,
    random,
    setTimer: timers.setTimer,
    clearTimer: timers.clearTimer,
    onOnline: (listener) => {
      online = listener
      return () => (online = () => {})
    },
  })
  stopWorker = () => worker.stop()
  await worker.start()
  return { worker, timers, goOnline: () => online() }
}

async function queued(fields: Parameters<typeof finishedAttempt>[0] = {}) {
  const attempt = finishedAttempt(fields)
  await queueSubmission(attempt, now)
  return attempt
}

const entryOf = (id: string) => examDb.outbox.get(id)

describe('backoffDelay', () => {
  it('waits a random share of a window that doubles with each send, up to the cap', () => {
    const almostOne = () => 0.999_999
    expect([1, 2, 3, 4, 5].map((sends) => backoffDelay(sends, almostOne, 1000, 60_000))).toEqual([999, 1999, 3999, 7999, 15_999])
    expect(backoffDelay(12, almostOne, 1000, 60_000)).toBe(59_999)
    expect(backoffDelay(3, () => 0, 1000, 60_000)).toBe(0)
    expect(backoffDelay(3, () => 0.25, 1000, 60_000)).toBe(1000)
  })
})

describe('sync worker', () => {
  it('sends what is queued when it starts, and keeps the receipt', async () => {
    const server = fakeServer()
    const attempt = await queued()
    await startWorker(server.submit)
    expect(await entryOf(attempt.id)).toMatchObject({
      state: 'accepted',
      sendCount: 1,
      receipt: { submissionId: attempt.id, answersFingerprint: 'server-print' },
    })
    expect(server.stored.get(attempt.id)?.answers).toEqual(attempt.answers)
  })

  it('sends a new submission at once', async () => {
    const server = fakeServer()
    const { worker } = await startWorker(server.submit)
    const attempt = await queued()
    await worker.syncNow()
    expect((await entryOf(attempt.id))?.state).toBe('accepted')
  })

  it('retries network errors after a jittered backoff until the server answers', async () => {
    const server = fakeServer()
    let reachable = false
    const send = vi.fn((submission: ExamSubmission) => (reachable ? server.submit(submission) : offline()))
    const attempt = await queued()
    const { timers } = await startWorker(send)
    expect(await entryOf(attempt.id)).toMatchObject({
      state: 'pending',
      sendCount: 1,
      nextAttemptAt: now + 500,
      lastError: 'TypeError: Failed to fetch',
      lastErrorKind: 'network',
    })
    expect(timers.delays).toEqual([500])

    now += 500
    timers.fire()
    await vi.waitFor(() => expect(timers.delays).toEqual([500, 1000]))
    expect((await entryOf(attempt.id))?.sendCount).toBe(2)

    reachable = true
    now += 1000
    timers.fire()
    await vi.waitFor(async () => expect((await entryOf(attempt.id))?.state).toBe('accepted'))
    expect(send).toHaveBeenCalledTimes(3)
    expect(timers.count()).toBe(0)
  })

  it('never gives up on a network that stays down, with the wait capped', async () => {
    const attempt = await queued()
    const { timers } = await startWorker(offline, () => 0.999_999)
    for (let sends = 2; sends <= 10; sends++) {
      now += 60_000
      timers.fire()
      await vi.waitFor(() => expect(timers.delays).toHaveLength(sends))
    }
    expect(timers.delays).toEqual([999, 1999, 3999, 7999, 15_999, 31_999, 59_999, 59_999, 59_999, 59_999])
    expect(await entryOf(attempt.id)).toMatchObject({ state: 'pending', sendCount: 10 })
  })

  it('does not send before the backoff is over unless a trigger asks for it', async () => {
    const send = vi.fn(offline)
    await queued()
    const { worker, timers } = await startWorker(send)
    timers.fire() // early: the clock has not moved
    await vi.waitFor(() => expect(timers.delays).toHaveLength(2))
    expect(send).toHaveBeenCalledTimes(1)
    await worker.syncNow()
    expect(send).toHaveBeenCalledTimes(2)
  })

  it('sends again after a lost response with the same submission id, and the server keeps one submission', async () => {
    const server = fakeServer()
    let responsesLost = 1
    const send = vi.fn(async (submission: ExamSubmission): Promise<SendResult> => {
      const answer = await server.submit(submission)
      if (responsesLost-- > 0) return { kind: 'retry', error: 'TypeError: network connection was lost', status: 0 }
      return answer
    })
    const attempt = await queued()
    const { worker } = await startWorker(send)
    expect((await entryOf(attempt.id))?.state).toBe('pending')
    await worker.syncNow()
    expect(await entryOf(attempt.id)).toMatchObject({ state: 'accepted', receipt: { submissionId: attempt.id } })
    expect(send.mock.calls.map(([submission]) => submission.submission_id)).toEqual([attempt.id, attempt.id])
    expect(server.stored.size).toBe(1)
  })

  it('stops at a definitive refusal and keeps the local copy', async () => {
    const server = fakeServer()
    const attempt = await queued()
    await server.submit({ ...(await entryOf(attempt.id))!.submission, submission_id: 'from-another-device' })
    const send = vi.fn(server.submit)
    const { worker, timers, goOnline } = await startWorker(send)
    expect(await entryOf(attempt.id)).toMatchObject({ state: 'rejected', rejection: { reason: 'code_used' }, sendCount: 1 })
    goOnline()
    await worker.syncNow()
    expect(send).toHaveBeenCalledTimes(1)
    expect(timers.count()).toBe(0)
    expect((await entryOf(attempt.id))?.submission.answers).toEqual(attempt.answers)
    expect((await examDb.attempts.get(attempt.id))?.status).toBe('submitted')
  })

  it('stops for good when the server has no record of the code starting, and shows why', async () => {
    // The server's own answer, read as the app reads it (migration 20261127000300).
    const send = vi.fn(async () => classifySubmitAnswer({ data: { outcome: 'not_started' }, error: null, status: 200 }))
    const attempt = await queued()
    const statuses: SubmissionStatus[] = []
    const unwatch = watchSubmissionStatus(attempt.id, (status) => statuses.push(status))
    const { worker, timers, goOnline } = await startWorker(send)
    expect(await entryOf(attempt.id)).toMatchObject({ state: 'rejected', rejection: { reason: 'not_started' }, sendCount: 1 })
    goOnline()
    await worker.syncNow()
    expect(send).toHaveBeenCalledTimes(1)
    expect(timers.count()).toBe(0)
    expect((await entryOf(attempt.id))?.submission.answers).toEqual(attempt.answers)
    await vi.waitFor(() => expect(statuses.at(-1)).toMatchObject({ state: 'rejected', rejection: { reason: 'not_started' } }))
    expect(submissionRejectionMessage({ reason: 'not_started' })).toBe(studentMessages.notStarted)
    unwatch()
  })

  it('sends once when the timer, the online event and a new submission fire together', async () => {
    const server = fakeServer()
    let slow = false
    let release = () => {}
    const send = vi.fn(async (submission: ExamSubmission): Promise<SendResult> => {
      if (!slow) return offline()
      await new Promise<void>((resolve) => (release = resolve))
      return server.submit(submission)
    })
    const attempt = await queued()
    const { worker, timers, goOnline } = await startWorker(send)
    slow = true
    now += 500
    timers.fire()
    goOnline()
    const syncing = worker.syncNow()
    await vi.waitFor(() => expect(send).toHaveBeenCalledTimes(2))
    // Let the other triggers read the outbox while that send is still in flight.
    await examDb.outbox.toArray()
    await examDb.outbox.toArray()
    release()
    await syncing
    await vi.waitFor(async () => expect((await entryOf(attempt.id))?.state).toBe('accepted'))
    expect(send).toHaveBeenCalledTimes(2)
    expect((await entryOf(attempt.id))?.sendCount).toBe(2)
    expect(server.stored.size).toBe(1)
  })

  it('sends what is pending when the browser comes back online', async () => {
    const server = fakeServer()
    let reachable = false
    const attempt = await queued()
    const { goOnline } = await startWorker((submission) => (reachable ? server.submit(submission) : offline()))
    reachable = true
    goOnline()
    await vi.waitFor(async () => expect((await entryOf(attempt.id))?.state).toBe('accepted'))
  })

  it('treats a thrown transport error as a network error', async () => {
    const attempt = await queued()
    await startWorker(async () => {
      throw new TypeError('Failed to fetch')
    })
    expect(await entryOf(attempt.id)).toMatchObject({
      state: 'pending',
      sendCount: 1,
      lastError: 'Failed to fetch',
      lastErrorKind: 'network',
    })
  })

  it('records whether the latest failed send got no answer or an error the server answered, and forgets it once accepted', async () => {
    const server = fakeServer()
    const answers: SendResult[] = [
      { kind: 'retry', error: 'upstream request timeout', status: 503 },
      { kind: 'retry', error: 'too many attempts from this network', status: 200 },
      { kind: 'retry', error: 'TypeError: Failed to fetch', status: 0 },
    ]
    const send = vi.fn(async (submission: ExamSubmission) => answers.shift() ?? server.submit(submission))
    const attempt = await queued()
    const { worker } = await startWorker(send)
    const statuses: SubmissionStatus[] = []
    const stopWatching = watchSubmissionStatus(attempt.id, (status) => statuses.push(status))
    const latestFailure = async () => {
      const entry = await entryOf(attempt.id)
      return [entry?.lastErrorKind, entry?.lastError]
    }
    expect(await latestFailure()).toEqual(['server', 'upstream request timeout'])
    await vi.waitFor(() =>
      expect(statuses.at(-1)).toMatchObject({ lastFailure: { kind: 'server', reason: 'upstream request timeout' } }),
    )
    await worker.syncNow()
    expect(await latestFailure()).toEqual(['server', 'too many attempts from this network'])
    await worker.syncNow()
    expect(await latestFailure()).toEqual(['network', 'TypeError: Failed to fetch'])
    await vi.waitFor(() =>
      expect(statuses.at(-1)).toMatchObject({ state: 'pending', sendCount: 3, lastFailure: { kind: 'network' } }),
    )
    await worker.syncNow()
    expect(await entryOf(attempt.id)).toMatchObject({ state: 'accepted', lastError: null, lastErrorKind: null })
    stopWatching()
  })

  it('sends a refused submission again when the student asks', async () => {
    let refuse = true
    const server = fakeServer()
    const send = vi.fn(async (submission: ExamSubmission): Promise<SendResult> =>
      refuse ? { kind: 'rejected', rejection: { reason: 'failed', detail: 'maintenance' } } : server.submit(submission),
    )
    const attempt = await queued()
    const { worker } = await startWorker(send)
    expect((await entryOf(attempt.id))?.state).toBe('rejected')
    refuse = false
    await requeueSubmission(attempt.id, now)
    await worker.syncNow()
    expect((await entryOf(attempt.id))?.state).toBe('accepted')
  })
})

describe('attempt reports', () => {
  const report = (fields: Partial<AttemptReport> = {}): AttemptReport => ({
    ...buildAttemptReport(examAttempt({ id: 'a1b2c3d4-0000-4000-8000-00000000aaaa' }), 'in_progress', now, true, null),
    ...fields,
  })
  const neverSubmits = async (): Promise<SendResult> => offline()

  it('sends only the latest report of an attempt, and forgets it once delivered', async () => {
    const sendReport = vi.fn(async (_sent: AttemptReport): Promise<ReportResult> => ({
      kind: 'delivered',
      deadline: '2026-11-23T09:30:00.000Z',
    }))
    const { worker } = await startWorker(neverSubmits, undefined, sendReport)
    await recordAttemptReport(report({ answered_count: 1 }))
    await recordAttemptReport(report({ answered_count: 2, tab_switches: 1 }))
    await worker.reportNow()
    expect(sendReport.mock.calls.map(([sent]) => [sent.answered_count, sent.tab_switches])).toEqual([[2, 1]])
    expect(await pendingReports()).toEqual([])
  })

  it('sends the answers of the latest report, which replaces the older one on the device', async () => {
    const sendReport = vi.fn(async (_sent: AttemptReport): Promise<ReportResult> => ({
      kind: 'delivered',
      deadline: '2026-11-23T09:30:00.000Z',
    }))
    const { worker } = await startWorker(neverSubmits, undefined, sendReport)
    await recordAttemptReport(report({ answered_count: 1, answers: { '1': 'A' } }))
    await recordAttemptReport(report({ answered_count: 2, answers: { '1': 'C', '2': 'B' } }))
    expect(await pendingReports()).toHaveLength(1)
    await worker.reportNow()
    expect(sendReport.mock.calls.map(([sent]) => sent.answers)).toEqual([{ '1': 'C', '2': 'B' }])
    expect(await pendingReports()).toEqual([])
  })

  it('sends a report made while an older one was on its way right after it, and keeps neither', async () => {
    let release = () => {}
    const sendReport = vi.fn(async (sent: AttemptReport): Promise<ReportResult> => {
      if (sent.answered_count === 1) await new Promise<void>((resolve) => (release = resolve))
      return { kind: 'delivered', deadline: '2026-11-23T09:30:00.000Z' }
    })
    const { worker } = await startWorker(neverSubmits, undefined, sendReport)
    await recordAttemptReport(report({ answered_count: 1 }))
    const reporting = worker.reportNow()
    await vi.waitFor(() => expect(sendReport).toHaveBeenCalledTimes(1))
    await recordAttemptReport(report({ answered_count: 3 }))
    // The trigger of the newer report joins the send in flight rather than racing it.
    const joined = worker.reportNow()
    expect(sendReport).toHaveBeenCalledTimes(1)
    release()
    await Promise.all([reporting, joined])
    expect(sendReport.mock.calls.map(([sent]) => sent.answered_count)).toEqual([1, 3])
    expect(await pendingReports()).toEqual([])
  })

  it('keeps a report the network did not take and sends it when the browser comes back online', async () => {
    let reachable = false
    const sendReport = vi.fn(async (): Promise<ReportResult> =>
      reachable ? { kind: 'delivered', deadline: '2026-11-23T09:30:00.000Z' } : { kind: 'retry', error: 'Failed to fetch' },
    )
    const { worker, goOnline } = await startWorker(neverSubmits, undefined, sendReport)
    await recordAttemptReport(report())
    await worker.reportNow()
    expect(await pendingReports()).toEqual([report()])
    reachable = true
    goOnline()
    await vi.waitFor(async () => expect(await pendingReports()).toEqual([]))
    expect(sendReport).toHaveBeenCalledTimes(2)
  })

  it('drops a report the server will never take', async () => {
    const { worker } = await startWorker(neverSubmits, undefined, async () => ({ kind: 'dropped', reason: 'exam_closed' }))
    await recordAttemptReport(report())
    await worker.reportNow()
    expect(await pendingReports()).toEqual([])
  })

  it('never holds a submission up: a report that hangs neither delays its send nor its retry timer', async () => {
    const server = fakeServer()
    let reachable = false
    const hanging = vi.fn(() => new Promise<ReportResult>(() => {}))
    const { worker, timers } = await startWorker(
      (submission) => (reachable ? server.submit(submission) : offline()),
      undefined,
      hanging,
    )
    await recordAttemptReport(report())
    const attempt = await queued()
    void worker.syncNow()
    await vi.waitFor(() => expect(timers.delays).toEqual([500]))
    expect(hanging).toHaveBeenCalledTimes(1)
    reachable = true
    now += 500
    timers.fire()
    await vi.waitFor(async () => expect((await entryOf(attempt.id))?.state).toBe('accepted'))
  })

  it('takes the deadline the server sends back for an attempt still in progress: extra time reaches the device', async () => {
    const inProgress = examAttempt({ serverOffsetMs: 60_000 })
    const submitted = examAttempt({ status: 'submitted' })
    await Promise.all([saveNewAttempt(inProgress), saveNewAttempt(submitted)])
    const later = '2026-11-23T09:46:00.000Z'
    const { worker } = await startWorker(neverSubmits, undefined, deliveredAt(later))
    await recordAttemptReport(buildAttemptReport(inProgress, 'in_progress', now, true, null))
    await recordAttemptReport(buildAttemptReport(submitted, 'submitted_on_device', now, true, null))
    await worker.reportNow()
    expect((await examDb.attempts.get(inProgress.id))?.deadline).toBe(Date.parse(later) - 60_000)
    expect((await examDb.attempts.get(submitted.id))?.deadline).toBe(submitted.deadline)
  })

  it("remembers what a delivered report carried as the server's copy, with when the server answered", async () => {
    const { worker } = await startWorker(neverSubmits)
    const sent = report({ answers: { '1': 'A', '2': 'D' }, flags: [2] })
    await recordAttemptReport(sent)
    now += 1_200
    await worker.reportNow()
    expect(await examDb.serverCopies.get(sent.attempt_id)).toEqual({
      attemptId: sent.attempt_id,
      copy: { answers: { '1': 'A', '2': 'D' }, flags: [2], reportedAt: sent.reported_at, receivedAt: examStart + 1_200 },
      movedAt: null,
    })
  })

  it('keeps the newer copy when an older report is answered after it, and remembers nothing of a report not taken', async () => {
    let result: ReportResult = { kind: 'delivered', deadline: '2026-11-23T09:30:00.000Z' }
    const { worker } = await startWorker(neverSubmits, undefined, async () => result)
    const newer = report({ answers: { '1': 'B' }, reported_at: '2026-11-23T09:05:00.000Z' })
    await recordAttemptReport(newer)
    await worker.reportNow()
    await recordAttemptReport(report({ answers: { '1': 'A' }, reported_at: '2026-11-23T09:04:00.000Z' }))
    await worker.reportNow()
    expect((await examDb.serverCopies.get(newer.attempt_id))?.copy?.answers).toEqual({ '1': 'B' })
    result = { kind: 'retry', error: 'Failed to fetch' }
    await recordAttemptReport(report({ answers: { '1': 'C' }, reported_at: '2026-11-23T09:06:00.000Z' }))
    await worker.reportNow()
    expect((await examDb.serverCopies.get(newer.attempt_id))?.copy?.answers).toEqual({ '1': 'B' })
  })

  it('stops reporting an attempt the server says moved to another device, and tells the watch', async () => {
    const sendReport = vi.fn(async (): Promise<ReportResult> => ({ kind: 'moved', movedAt: '2026-11-23T09:20:00.000Z' }))
    const { worker } = await startWorker(neverSubmits, undefined, sendReport)
    const sent = report()
    const seen: StoredServerCopy[] = []
    const unsubscribe = watchServerCopy(sent.attempt_id, (row) => seen.push(row))
    await recordAttemptReport(sent)
    now += 500
    await worker.reportNow()
    expect(await pendingReports()).toEqual([])
    await vi.waitFor(() => expect(seen.at(-1)).toEqual({ attemptId: sent.attempt_id, copy: null, movedAt: examStart + 500 }))
    unsubscribe()
  })
})
