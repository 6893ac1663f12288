import Dexie, { type EntityTable } from 'dexie'
import type { ActiveSchedule } from '../../domain/active-schedule'
import type { AttemptReport } from '../../domain/attempt-report'
import type { ExamAttempt } from '../../domain/exam-attempt'
import type { ExamSubmission, SendFailure, SubmissionReceipt, SubmissionRejection } from '../../domain/exam-submission'

/** A submission waiting for, or settled by, the server. Settled entries stay as the device's copy. */
export interface OutboxEntry {
  /** The attempt id, which is also the submission id the server deduplicates on. */
  id: string
  loginCode: string
  submission: ExamSubmission
  /** answers_fingerprint of `submission.answers`, computed on the device. */
  fingerprint: string
  state: 'pending' | 'accepted' | 'rejected'
  /** Sends tried so far, whatever their result. */
  sendCount: number
  /** Device-clock milliseconds before which the backoff timer will not send again. */
  nextAttemptAt: number
  /** What the latest send failed with, if it failed and the entry waits for another. */
  lastError: string | null
  /** Which way it failed; absent on entries stored before it was recorded (not indexed, so no new version). */
  lastErrorKind?: SendFailure['kind'] | null
  receipt: SubmissionReceipt | null
  rejection: SubmissionRejection | null
  queuedAt: number
}

/** The last active schedule read from the server, so the login screen can show it offline. */
export interface CachedSchedule {
  key: 'active-schedule'
  schedule: ActiveSchedule | null
  storedAt: number
}

/** Everything a student's device keeps about exams, in IndexedDB. */
export class ExamDatabase extends Dexie {
  // `declare`: a class field would be initialised after super() and hide Dexie's tables.
  declare attempts: EntityTable<ExamAttempt, 'id'>
  declare outbox: EntityTable<OutboxEntry, 'id'>
  declare cache: EntityTable<CachedSchedule, 'key'>
  /** The latest report on each attempt not yet delivered: a newer one replaces it. */
  declare reports: EntityTable<AttemptReport, 'attempt_id'>

  constructor() {
    super('holdfast-exam')
    this.version(1).stores({
      attempts: 'id, loginCode, status',
      outbox: 'id, loginCode, state',
      cache: 'key',
    })
    this.version(2)
      .stores({ reports: 'attempt_id' })
      .upgrade((tx) =>
        tx
          .table('attempts')
          .toCollection()
          .modify((attempt: Record<string, unknown>) => {
            // Attempts from before the server fixed the deadline: no answer-file key, and a window end no longer used.
            attempt.answerFileKey ??= null
            delete attempt.windowEnd
          }),
      )
  }
}

export const examDb = new ExamDatabase()
