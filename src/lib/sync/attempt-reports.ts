import { liveQuery } from 'dexie'
import type { AttemptReport } from '../../domain/attempt-report'
import { copyAfterDelivery } from '../../domain/server-copy'
import { examDb, type StoredServerCopy } from '../offline/exam-db'

/** Keeps `report` as the one to deliver for its attempt, replacing an older one: only the latest needs to reach the server. */
export async function recordAttemptReport(report: AttemptReport): Promise<void> {
  await examDb.reports.put(report)
}

export function pendingReports(): Promise<AttemptReport[]> {
  return examDb.reports.toArray()
}

export function pendingReport(attemptId: string): Promise<AttemptReport | undefined> {
  return examDb.reports.get(attemptId)
}

/**
 * Forgets a report the server has answered, unless a newer report replaced it while it was on
 * its way. True when it was the latest (and is now forgotten).
 */
export async function settleReport(answered: AttemptReport): Promise<boolean> {
  return examDb.transaction('rw', examDb.reports, async () => {
    const latest = await examDb.reports.get(answered.attempt_id)
    if (JSON.stringify(latest) !== JSON.stringify(answered)) return false
    await examDb.reports.delete(answered.attempt_id)
    return true
  })
}

function storedCopy(attemptId: string): Promise<StoredServerCopy> {
  return examDb.serverCopies.get(attemptId).then((row) => row ?? { attemptId, copy: null, movedAt: null })
}

/**
 * Remembers what the server received with a delivered report (at `receivedAt`, device clock): the
 * navigator and status line compare the device's answers with it. A report answered after a later one
 * leaves the later copy.
 */
export async function recordDeliveredReport(report: AttemptReport, receivedAt: number): Promise<void> {
  await examDb.transaction('rw', examDb.serverCopies, async () => {
    const held = await storedCopy(report.attempt_id)
    await examDb.serverCopies.put({ ...held, copy: copyAfterDelivery(held.copy, report, receivedAt) })
  })
}

/** Starts an attempt resumed after a move with the server's copy it was given. */
export async function recordRestoredCopy(row: StoredServerCopy): Promise<void> {
  await examDb.serverCopies.put(row)
}

/**
 * The server answered `moved`: the exam continues on another device. The attempt's pending report is
 * dropped, so this device stops reporting; its answers stay where they are.
 */
export async function recordMoved(attemptId: string, movedAt: number): Promise<void> {
  await examDb.transaction('rw', examDb.serverCopies, examDb.reports, async () => {
    const held = await storedCopy(attemptId)
    if (held.movedAt === null) await examDb.serverCopies.put({ ...held, movedAt })
    await examDb.reports.delete(attemptId)
  })
}

/** Whether the server said the attempt moved to another device (then nothing more is reported). */
export async function attemptMoved(attemptId: string): Promise<boolean> {
  return (await storedCopy(attemptId)).movedAt !== null
}

/** Calls `listener` with what the server said about the attempt now and after every change, until unsubscribed. */
export function watchServerCopy(attemptId: string, listener: (row: StoredServerCopy) => void): () => void {
  const subscription = liveQuery(() => storedCopy(attemptId)).subscribe({ next: listener })
  return () => subscription.unsubscribe()
}
