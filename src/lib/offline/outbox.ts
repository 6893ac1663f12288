import { liveQuery } from 'dexie'
import { buildAnswerFile, type AnswerFile } from '../../domain/answer-file'
import { answersFingerprint } from '../../domain/answers-fingerprint'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { buildSubmission, type SendFailure, type SubmissionStatus } from '../../domain/exam-submission'
import { loginCodeKey } from '../../domain/login-code'
import { examDb, type OutboxEntry } from './exam-db'

export function submissionStatus(entry: OutboxEntry): SubmissionStatus {
  const { fingerprint } = entry
  if (entry.state === 'accepted' && entry.receipt) return { state: 'accepted', fingerprint, receipt: entry.receipt }
  if (entry.state === 'rejected' && entry.rejection) return { state: 'rejected', fingerprint, rejection: entry.rejection }
  return { state: 'pending', fingerprint, sendCount: entry.sendCount, lastFailure: lastSendFailure(entry) }
}

function lastSendFailure({ lastError, lastErrorKind }: OutboxEntry): SendFailure | null {
  if (lastError === null) return null
  if (lastErrorKind === 'network') return { kind: 'network' }
  if (lastErrorKind === 'server') return { kind: 'server', reason: lastError }
  return null
}

/**
 * Puts the submission of a finished attempt in the outbox and marks the attempt submitted,
 * in one transaction: either both are on the device or neither is. Queuing an attempt twice
 * keeps the first entry, so the server sees one submission id with one set of answers.
 */
export async function queueSubmission(attempt: ExamAttempt, now: number): Promise<SubmissionStatus> {
  if (attempt.submittedAt === null) throw new Error('An attempt needs its submission time before it is queued.')
  const submittedAt = attempt.submittedAt
  return examDb.transaction('rw', examDb.attempts, examDb.outbox, async () => {
    const queued = await examDb.outbox.get(attempt.id)
    await examDb.attempts.put({ ...attempt, status: 'submitted' })
    if (queued) return submissionStatus(queued)
    const submission = buildSubmission(attempt, submittedAt)
    const entry: OutboxEntry = {
      id: attempt.id,
      loginCode: attempt.loginCode,
      submission,
      fingerprint: answersFingerprint(submission.answers),
      state: 'pending',
      sendCount: 0,
      nextAttemptAt: now,
      lastError: null,
      lastErrorKind: null,
      receipt: null,
      rejection: null,
      queuedAt: now,
    }
    await examDb.outbox.add(entry)
    return submissionStatus(entry)
  })
}

/**
 * An unsent submission for this login code on this device, for the results page to mention. Found by the code's
 * key: the entry holds the code as the server spells it, which a student may type with 0 for O or 1 for I or L.
 */
export async function findPendingSubmission(loginCode: string): Promise<{ submittedAt: string } | undefined> {
  const key = loginCodeKey(loginCode)
  const pending = await examDb.outbox
    .filter((entry) => entry.state === 'pending' && loginCodeKey(entry.loginCode) === key)
    .first()
  return pending && { submittedAt: pending.submission.submitted_at }
}

export function pendingEntries(): Promise<OutboxEntry[]> {
  return examDb.outbox.where('state').equals('pending').toArray()
}

/** The entry `id` if it still waits to be sent and its next try is due by `dueBy`. */
export async function dueEntry(id: string, dueBy: number): Promise<OutboxEntry | undefined> {
  const entry = await examDb.outbox.get(id)
  return entry?.state === 'pending' && entry.nextAttemptAt <= dueBy ? entry : undefined
}

/**
 * How one send of an entry ended: the server's receipt or refusal, or a failure to try again at
 * `nextAttemptAt`, with no answer (`network`) or with an error the server answered (`server`).
 */
export type SendOutcome =
  | { kind: 'accepted'; receipt: NonNullable<OutboxEntry['receipt']> }
  | { kind: 'rejected'; rejection: NonNullable<OutboxEntry['rejection']> }
  | { kind: 'retry'; error: string; failure: SendFailure['kind']; nextAttemptAt: number }

/** Records one send of entry `id`: it is settled by the server's answer, or waits for its next try. */
export async function recordSendOutcome(id: string, outcome: SendOutcome): Promise<void> {
  await examDb.outbox
    .where('id')
    .equals(id)
    .modify((entry) => {
      entry.sendCount += 1
      switch (outcome.kind) {
        case 'accepted':
          Object.assign(entry, { state: 'accepted', receipt: outcome.receipt, lastError: null, lastErrorKind: null })
          break
        case 'rejected':
          // The refusal says why; an older failure would show again if the student requeues it.
          Object.assign(entry, { state: 'rejected', rejection: outcome.rejection, lastError: null, lastErrorKind: null })
          break
        case 'retry':
          Object.assign(entry, {
            lastError: outcome.error,
            lastErrorKind: outcome.failure,
            nextAttemptAt: outcome.nextAttemptAt,
          })
      }
    })
}

/** Calls `listener` with the submission's status now and after every change, until unsubscribed. */
export function watchSubmissionStatus(submissionId: string, listener: (status: SubmissionStatus) => void): () => void {
  const subscription = liveQuery(() => examDb.outbox.get(submissionId)).subscribe({
    next: (entry) => {
      if (entry) listener(submissionStatus(entry))
    },
  })
  return () => subscription.unsubscribe()
}

/** Puts a refused submission back in line, when the student asks to try again. */
export async function requeueSubmission(submissionId: string, now: number): Promise<void> {
  await examDb.outbox
    .where('id')
    .equals(submissionId)
    .and((entry) => entry.state === 'rejected')
    .modify({ state: 'pending', rejection: null, nextAttemptAt: now })
}

/**
 * The emergency answer file of a queued submission: the outbox entry, tagged with the key its
 * attempt received with the questions. Undefined for an attempt stored before keys existed.
 */
export async function answerFileFor(submissionId: string): Promise<AnswerFile | undefined> {
  const [entry, attempt] = await Promise.all([examDb.outbox.get(submissionId), examDb.attempts.get(submissionId)])
  if (!entry || !attempt?.answerFileKey) return undefined
  return buildAnswerFile(entry.submission, attempt.answerFileKey)
}
