import 'fake-indexeddb/auto'
import { beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest'
import { answersFingerprint } from '../../src/domain/answers-fingerprint'
import {
  applyServerDeadline,
  hasExamInProgress,
  latestAttemptFor,
  saveNewAttempt,
  unfinishedAttempt,
  watchAttemptDeadline,
} from '../../src/lib/offline/attempt-store'
import { examDb } from '../../src/lib/offline/exam-db'
import { createProgressQueue, type ProgressQueue } from '../../src/lib/offline/progress-queue'
import {
  findPendingSubmission,
  queueSubmission,
  recordSendOutcome,
  requeueSubmission,
  submissionStatus,
  watchSubmissionStatus,
} from '../../src/lib/offline/outbox'
import { clearExamDb, examAttempt, examStart, finishedAttempt } from './exam-fixtures'

/** Each test's attempt's progress queue, as the exam session has one. */
let progress: ProgressQueue
beforeEach(async () => {
  progress = createProgressQueue()
  await clearExamDb()
})

describe('attempt store', () => {
  it('keeps answers, position and tab switches of an attempt in progress', async () => {
    const attempt = examAttempt()
    await saveNewAttempt(attempt)
    await progress.save({ id: attempt.id, answers: { '2': 'D' }, currentIndex: 1, tabSwitches: 2 })
    expect(await latestAttemptFor('ABCD1234')).toEqual({ ...attempt, answers: { '2': 'D' }, currentIndex: 1, tabSwitches: 2 })
  })

  it('writes an answer click as one small row, never the attempt with its questions again', async () => {
    const attempt = examAttempt()
    await saveNewAttempt(attempt)
    const first = { id: attempt.id, answers: { '1': 'A' as const }, currentIndex: 0, tabSwitches: 0 }
    await progress.save(first)
    // What reaches IndexedDB itself, under Dexie and the progress writer alike.
    const written: string[] = []
    for (const method of ['put', 'add', 'delete'] as const) {
      const original = IDBObjectStore.prototype[method] as (this: IDBObjectStore, ...args: unknown[]) => IDBRequest
      const spy = vi.spyOn(IDBObjectStore.prototype, method).mockImplementation(function (
        this: IDBObjectStore,
        ...args: unknown[]
      ) {
        written.push(`${this.name} ${method} ${JSON.stringify(args[0])}`)
        return original.apply(this, args)
      })
      onTestFinished(() => spy.mockRestore())
    }
    const clicked = { ...first, answers: { '1': 'A' as const, '2': 'C' as const } }
    await progress.save(clicked)
    expect(written).toEqual([`answers put {"attemptId":"${attempt.id}","questionNumber":"2","letter":"C"}`])
    const changedMind = { ...clicked, answers: { '1': 'B' as const, '2': 'C' as const }, currentIndex: 1 }
    await progress.save(changedMind)
    expect(written.slice(1)).toEqual([
      `answers put {"attemptId":"${attempt.id}","questionNumber":"1","letter":"B"}`,
      `positions put {"attemptId":"${attempt.id}","currentIndex":1,"tabSwitches":0}`,
    ])
    expect(await unfinishedAttempt()).toEqual({ ...attempt, answers: { '1': 'B', '2': 'C' }, currentIndex: 1 })
    expect(await examDb.attempts.get(attempt.id)).toEqual(attempt)
  })

  it('removes an answer the progress no longer holds', async () => {
    const attempt = examAttempt()
    await saveNewAttempt(attempt)
    const answered = { id: attempt.id, answers: { '1': 'A' as const, '3': 'D' as const }, currentIndex: 2, tabSwitches: 0 }
    await progress.save(answered)
    await progress.save({ ...answered, answers: { '1': 'A' } })
    expect((await latestAttemptFor('ABCD1234'))?.answers).toEqual({ '1': 'A' })
  })

  it('leaves a submitted attempt as it was submitted', async () => {
    const attempt = finishedAttempt()
    await saveNewAttempt(attempt)
    await queueSubmission(attempt, examStart)
    await progress.save({ id: attempt.id, answers: { '1': 'D' }, currentIndex: 2, tabSwitches: 9 })
    expect(await examDb.attempts.get(attempt.id)).toEqual({ ...attempt, status: 'submitted' })
    expect(await latestAttemptFor('ABCD1234')).toEqual({ ...attempt, status: 'submitted' })
  })

  it('refuses to save progress for an attempt the device does not have', async () => {
    await expect(progress.save({ id: 'missing', answers: {}, currentIndex: 0, tabSwitches: 0 })).rejects.toThrow(/missing/)
  })

  it('finds the latest attempt for a code and the latest unfinished one', async () => {
    const older = examAttempt({ startedAt: examStart - 1000, status: 'submitted' })
    const newer = examAttempt({ startedAt: examStart })
    const someoneElse = examAttempt({ loginCode: 'ZZZZ9999', startedAt: examStart - 5000 })
    await Promise.all([older, newer, someoneElse].map(saveNewAttempt))
    expect((await latestAttemptFor('ABCD1234'))?.id).toBe(newer.id)
    expect((await unfinishedAttempt())?.id).toBe(newer.id)
  })

  it('reports an exam in progress until it is submitted', async () => {
    expect(await hasExamInProgress(examStart)).toBe(false)
    const attempt = finishedAttempt()
    await saveNewAttempt(attempt)
    expect(await hasExamInProgress(examStart)).toBe(true)
    await queueSubmission(attempt, examStart)
    expect(await hasExamInProgress(examStart)).toBe(false)
  })

  it('does not report an attempt left past its deadline, which is submitted when next opened', async () => {
    const attempt = examAttempt()
    await saveNewAttempt(attempt)
    expect(await hasExamInProgress(attempt.deadline - 1)).toBe(true)
    expect(await hasExamInProgress(attempt.deadline)).toBe(false)
  })

  it('tells a watcher the deadline, and again only when the server moves it', async () => {
    const attempt = examAttempt({ serverOffsetMs: 60_000 })
    await saveNewAttempt(attempt)
    const seen: number[] = []
    const stop = watchAttemptDeadline(attempt.id, (deadline) => seen.push(deadline))
    await vi.waitFor(() => expect(seen).toEqual([attempt.deadline]))
    await progress.save({ id: attempt.id, answers: { '1': 'A' }, currentIndex: 1, tabSwitches: 0 })
    await applyServerDeadline(attempt.id, '2026-11-23T09:46:00.000Z')
    await vi.waitFor(() => expect(seen).toEqual([attempt.deadline, Date.parse('2026-11-23T09:45:00.000Z')]))
    stop()
  })
})

describe('outbox', () => {
  it('queues the submission and marks the attempt submitted together', async () => {
    const attempt = finishedAttempt()
    await saveNewAttempt(attempt)
    const status = await queueSubmission(attempt, examStart + 600_000)
    const fingerprint = answersFingerprint({ '1': 'A', '2': 'B', '3': 'C' })
    expect(status).toEqual({ state: 'pending', fingerprint, sendCount: 0, lastFailure: null })
    expect((await examDb.attempts.get(attempt.id))?.status).toBe('submitted')
    expect(await examDb.outbox.get(attempt.id)).toMatchObject({
      loginCode: 'ABCD1234',
      state: 'pending',
      submission: { submission_id: attempt.id, answers: attempt.answers, submitted_at: '2026-11-23T09:10:00.000Z' },
    })
  })

  it('keeps the first entry when an attempt is queued again', async () => {
    const attempt = finishedAttempt()
    await queueSubmission(attempt, examStart)
    await queueSubmission({ ...attempt, answers: { '1': 'D' } }, examStart + 5000)
    expect(await examDb.outbox.count()).toBe(1)
    expect((await examDb.outbox.get(attempt.id))?.submission.answers).toEqual(attempt.answers)
  })

  it('will not queue an attempt without its submission time', async () => {
    await expect(queueSubmission(examAttempt(), examStart)).rejects.toThrow(/submission time/)
    expect(await examDb.outbox.count()).toBe(0)
  })

  it('finds an unsent submission by the code as typed, and nothing once it is accepted', async () => {
    const attempt = finishedAttempt()
    await queueSubmission(attempt, examStart)
    expect(await findPendingSubmission('  abcd1234 ')).toEqual({ submittedAt: '2026-11-23T09:10:00.000Z' })
    expect(await findPendingSubmission('ZZZZ9999')).toBeUndefined()
    await examDb.outbox.update(attempt.id, { state: 'accepted' })
    expect(await findPendingSubmission('ABCD1234')).toBeUndefined()
  })

  it('finds an unsent submission of a code printed with O, I or L when it is typed with 0 and 1', async () => {
    await queueSubmission(finishedAttempt({ loginCode: 'LOIO2345' }), examStart)
    expect(await findPendingSubmission('10102345')).toEqual({ submittedAt: '2026-11-23T09:10:00.000Z' })
    expect(await findPendingSubmission('loio2345')).toEqual({ submittedAt: '2026-11-23T09:10:00.000Z' })
    expect(await findPendingSubmission('10102346')).toBeUndefined()
  })

  it('records the kind of the latest failed send in the status, and clears it when the server settles the entry', async () => {
    const attempt = finishedAttempt()
    await queueSubmission(attempt, examStart)
    const statusNow = async () => submissionStatus((await examDb.outbox.get(attempt.id))!)
    const retry = { kind: 'retry', nextAttemptAt: examStart + 1000 } as const
    await recordSendOutcome(attempt.id, { ...retry, error: 'TypeError: Failed to fetch', failure: 'network' })
    expect(await statusNow()).toMatchObject({ state: 'pending', sendCount: 1, lastFailure: { kind: 'network' } })
    await recordSendOutcome(attempt.id, { ...retry, error: 'upstream request timeout', failure: 'server' })
    expect(await statusNow()).toMatchObject({
      sendCount: 2,
      lastFailure: { kind: 'server', reason: 'upstream request timeout' },
    })
    await recordSendOutcome(attempt.id, { kind: 'rejected', rejection: { reason: 'failed', detail: 'maintenance' } })
    await requeueSubmission(attempt.id, examStart + 2000)
    expect(await statusNow()).toMatchObject({ state: 'pending', sendCount: 3, lastFailure: null })
  })

  it('gives no failure kind for an entry stored before the kind was recorded', async () => {
    const attempt = finishedAttempt()
    await queueSubmission(attempt, examStart)
    await examDb.outbox
      .where('id')
      .equals(attempt.id)
      .modify((entry) => {
        entry.lastError = 'TypeError: Failed to fetch'
        delete entry.lastErrorKind
      })
    expect(submissionStatus((await examDb.outbox.get(attempt.id))!)).toMatchObject({ state: 'pending', lastFailure: null })
  })

  it('reports the status of a submission now and after each change', async () => {
    const attempt = finishedAttempt()
    await queueSubmission(attempt, examStart)
    const seen: string[] = []
    const stop = watchSubmissionStatus(attempt.id, (status) => seen.push(status.state))
    await expect.poll(() => seen).toEqual(['pending'])
    const receipt = { submissionId: attempt.id, score: 3, total: 3, receivedAt: '2026-11-23T09:10:01Z', answersFingerprint: 'x' }
    await examDb.outbox.update(attempt.id, { state: 'accepted', receipt })
    await expect.poll(() => seen).toEqual(['pending', 'accepted'])
    stop()
  })
})
