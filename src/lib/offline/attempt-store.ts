import Dexie, { liveQuery } from 'dexie'
import { deviceTime, type ExamAttempt } from '../../domain/exam-attempt'
import { examDb } from './exam-db'
import { answerKey } from './exam-db-schema'

export async function saveNewAttempt(attempt: ExamAttempt): Promise<void> {
  await examDb.attempts.add(attempt)
}

/**
 * An attempt in progress as its record and its answer and position rows (newer than the record's, written
 * by the progress queue, progress-queue.ts) make it; a submitted one is its record, which holds what was
 * submitted (a row written after Submit is not read, so a late write does not reopen the attempt).
 */
async function withProgress(attempt: ExamAttempt | undefined): Promise<ExamAttempt | undefined> {
  if (attempt?.status !== 'in_progress') return attempt
  const [answers, position] = await Promise.all([
    examDb.answers.where(answerKey).between([attempt.id, Dexie.minKey], [attempt.id, Dexie.maxKey]).toArray(),
    examDb.positions.get(attempt.id),
  ])
  return {
    ...attempt,
    answers: { ...attempt.answers, ...Object.fromEntries(answers.map((row) => [row.questionNumber, row.letter])) },
    currentIndex: position?.currentIndex ?? attempt.currentIndex,
    tabSwitches: position?.tabSwitches ?? attempt.tabSwitches,
    flags: position?.flags ?? attempt.flags,
  }
}

/** The most recently started attempt with this (normalised) login code. */
export async function latestAttemptFor(loginCode: string): Promise<ExamAttempt | undefined> {
  const attempts = await examDb.attempts.where('loginCode').equals(loginCode).sortBy('startedAt')
  return withProgress(attempts.at(-1))
}

/** The most recently started attempt not yet submitted, whoever's it is. */
export async function unfinishedAttempt(): Promise<ExamAttempt | undefined> {
  const attempts = await examDb.attempts.where('status').equals('in_progress').sortBy('startedAt')
  return withProgress(attempts.at(-1))
}

/**
 * True while an exam is started, not yet submitted and not past its deadline on this device
 * (the app-update prompt waits for it). An attempt left past its deadline is submitted as
 * soon as the student opens the exam again, so it does not hold updates back forever.
 */
export async function hasExamInProgress(now = Date.now()): Promise<boolean> {
  const running = await examDb.attempts
    .where('status')
    .equals('in_progress')
    .filter((attempt) => attempt.deadline > now)
    .count()
  return running > 0
}

/**
 * Calls `listener` with hasExamInProgress() now and whenever the stored attempts change, until unsubscribed.
 * When the answer is unknown it says true: a missed update prompt costs nothing, a reload mid-exam does.
 */
export function watchExamInProgress(listener: (inProgress: boolean) => void): () => void {
  const subscription = liveQuery(() => hasExamInProgress()).subscribe({ next: listener, error: () => listener(true) })
  return () => subscription.unsubscribe()
}

/** Takes the server's deadline (ISO) for an attempt still in progress: extra time given during the exam reaches the timer. */
export async function applyServerDeadline(attemptId: string, deadlineIso: string): Promise<void> {
  await examDb.transaction('rw', examDb.attempts, async () => {
    const attempt = await examDb.attempts.get(attemptId)
    if (!attempt || attempt.status !== 'in_progress') return
    const deadline = deviceTime(deadlineIso, attempt.serverOffsetMs)
    if (deadline !== attempt.deadline) await examDb.attempts.update(attemptId, { deadline })
  })
}

/** Calls `listener` with the attempt's stored deadline now and whenever it changes, until unsubscribed. */
export function watchAttemptDeadline(attemptId: string, listener: (deadline: number) => void): () => void {
  let known: number | undefined
  const subscription = liveQuery(() => examDb.attempts.get(attemptId)).subscribe({
    next: (attempt) => {
      if (!attempt || attempt.deadline === known) return
      known = attempt.deadline
      listener(attempt.deadline)
    },
  })
  return () => subscription.unsubscribe()
}
