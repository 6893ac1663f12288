import { liveQuery } from 'dexie'
import { deviceTime, type ExamAttempt } from '../../domain/exam-attempt'
import { examDb } from './exam-db'

export async function saveNewAttempt(attempt: ExamAttempt): Promise<void> {
  await examDb.attempts.add(attempt)
}

/**
 * Stores what changes during an exam: answers, current question, tab switches. An attempt
 * already submitted is left alone, so a write queued before Submit cannot reopen it.
 */
export async function saveAttemptProgress(
  attempt: Pick<ExamAttempt, 'id' | 'answers' | 'currentIndex' | 'tabSwitches'>,
): Promise<void> {
  await examDb.transaction('rw', examDb.attempts, async () => {
    const stored = await examDb.attempts.get(attempt.id)
    if (!stored) throw new Error('The exam attempt is missing from this device.')
    if (stored.status !== 'in_progress') return
    await examDb.attempts.update(attempt.id, {
      answers: attempt.answers,
      currentIndex: attempt.currentIndex,
      tabSwitches: attempt.tabSwitches,
    })
  })
}

/** The most recently started attempt with this (normalised) login code. */
export async function latestAttemptFor(loginCode: string): Promise<ExamAttempt | undefined> {
  const attempts = await examDb.attempts.where('loginCode').equals(loginCode).sortBy('startedAt')
  return attempts.at(-1)
}

/** The most recently started attempt not yet submitted, whoever's it is. */
export async function unfinishedAttempt(): Promise<ExamAttempt | undefined> {
  const attempts = await examDb.attempts.where('status').equals('in_progress').sortBy('startedAt')
  return attempts.at(-1)
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
