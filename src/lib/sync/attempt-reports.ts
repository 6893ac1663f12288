import type { AttemptReport } from '../../domain/attempt-report'
import { examDb } from '../offline/exam-db'

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
