import { answeredCount, sortedFlags, type Answers, type ExamAttempt } from './exam-attempt'

/** What a device says about its attempt; 'received' is the server's to set. */
export type ReportedAttemptState = 'in_progress' | 'submitted_on_device'

/**
 * The arguments of the `report_exam_attempt` RPC: progress for the proctor, and the answers the
 * device holds, which the server keeps when they arrive in time: an emergency answer file counts
 * only the answers that match them (docs/product.md#offline-answers-and-answer-files).
 */
export interface AttemptReport {
  attempt_id: string
  code: string
  answered_count: number
  tab_switches: number
  state: ReportedAttemptState
  /** Whether the device believed it was online when it made the report. */
  online: boolean
  /** When the device made the report, on the server's clock: a late-arriving older report changes nothing. */
  reported_at: string
  /** Whether the browser granted the device persistent storage; null when unknown, which leaves the server's record as it is. */
  storage_persistent: boolean | null
  /**
   * The attempt's answers as the submission would carry them (question number → original letter);
   * at most 50, a few hundred bytes. Absent from a report an older app stored.
   */
  answers?: Answers
  /** The question numbers flagged "Review later", ascending. Absent from a report an older app stored. */
  flags?: number[]
}

/**
 * The device reports on start, every 30 s, on each tab switch, on reconnect, when it queues the submission,
 * and a quiet period after answers or flags change (attemptReportQuietMs).
 */
export const attemptReportIntervalMs = 30_000

/**
 * How long after the latest answer or flag the device reports it: a student clicking through several
 * questions makes one report, not one per click (the outbox keeps only the latest per attempt anyway).
 */
export const attemptReportQuietMs = 2_000

export function buildAttemptReport(
  attempt: ExamAttempt,
  state: ReportedAttemptState,
  now: number,
  online: boolean,
  storagePersistent: boolean | null,
): AttemptReport {
  return {
    attempt_id: attempt.id,
    code: attempt.loginCode,
    answered_count: answeredCount(attempt),
    tab_switches: attempt.tabSwitches,
    state,
    online,
    reported_at: new Date(now + attempt.serverOffsetMs).toISOString(),
    storage_persistent: storagePersistent,
    answers: { ...attempt.answers },
    flags: sortedFlags(attempt.flags),
  }
}
