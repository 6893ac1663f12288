import Dexie, { type EntityTable, type Table, type Transaction } from 'dexie'
import type { ActiveSchedule, ExamSitting } from '../../domain/active-schedule'
import type { AttemptReport } from '../../domain/attempt-report'
import type { ExamAttempt } from '../../domain/exam-attempt'
import type { ServerCopy } from '../../domain/server-copy'
import type { AnswerLetter } from '../../domain/question'
import type { ExamSubmission, SendFailure, SubmissionReceipt, SubmissionRejection } from '../../domain/exam-submission'
import { answerKey, examDatabaseName, examTables } from './exam-db-schema'

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

/** One answer of an attempt in progress, written alone when it is clicked (the newest click wins). */
export interface StoredAnswer {
  attemptId: string
  /** The question number as a string, the key of ExamAttempt.answers. */
  questionNumber: string
  letter: AnswerLetter
}

/**
 * Where a student is in an attempt in progress: the question on screen, the tab switches counted and the
 * questions flagged "Review later" (absent from a row an app before flags wrote: the record's flags stand).
 */
export interface StoredPosition {
  attemptId: string
  currentIndex: number
  tabSwitches: number
  flags?: number[]
}

/** What the server said about an attempt: its copy as last received, and whether the attempt moved to another device. */
export interface StoredServerCopy {
  attemptId: string
  copy: ServerCopy | null
  /** When (device clock, ms) a report was answered `moved`: the exam continues on another device. */
  movedAt: number | null
}

/** The last active sittings read from the server, so the login screen can show them offline. */
export interface CachedSchedule {
  key: 'active-schedule'
  /** The newest active sitting, all an app from before several exams stored (and reads). */
  schedule: ActiveSchedule | null
  /** Every active sitting with its exam; absent from an entry stored before several exams (not indexed, so no new version). */
  sittings?: ExamSitting[]
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
  /**
   * What changes during an exam, each click one small row: the attempt's own record (its questions) is
   * written when the exam starts and when it is submitted, never per click. An attempt stored before these
   * tables keeps its answers and position in its record, and the rows (newer) are read over them.
   */
  declare answers: Table<StoredAnswer, [string, string]>
  declare positions: EntityTable<StoredPosition, 'attemptId'>
  /** One row per attempt the server has answered a report of (lib/sync/attempt-reports.ts). */
  declare serverCopies: EntityTable<StoredServerCopy, 'attemptId'>

  constructor() {
    super(examDatabaseName)
    const { attempts, outbox, cache, reports, answers, positions, serverCopies } = examTables
    this.version(1).stores({ [attempts]: 'id, loginCode, status', [outbox]: 'id, loginCode, state', [cache]: 'key' })
    /** An upgrade that rewrites every stored attempt, once, when a device first opens the database at that version. */
    const everyAttempt = (change: (attempt: Record<string, unknown>) => void) => (tx: Transaction) =>
      tx.table(attempts).toCollection().modify(change)
    this.version(2)
      .stores({ [reports]: 'attempt_id' })
      .upgrade(
        everyAttempt((attempt) => {
          // Attempts from before the server fixed the deadline: no answer-file key, and a window end no longer used.
          attempt.answerFileKey ??= null
          delete attempt.windowEnd
        }),
      )
    this.version(3).stores({ [answers]: answerKey, [positions]: 'attemptId' })
    this.version(4)
      .stores({ [serverCopies]: 'attemptId' })
      .upgrade(
        everyAttempt((attempt) => {
          // Attempts from before "Review later": nothing flagged. Their answers and rows stay as they are.
          attempt.flags ??= []
        }),
      )
  }
}

export const examDb = new ExamDatabase()
