import type { ExamAttempt } from '../../domain/exam-attempt'
import type { ProgressChange } from './progress-write'

/** What changes during an exam: answers, current question, tab switches, flags (a progress without them leaves them as stored). */
export type AttemptProgress = Pick<ExamAttempt, 'id' | 'answers' | 'currentIndex' | 'tabSwitches'> &
  Partial<Pick<ExamAttempt, 'flags'>>

/** Stores one change on the device and settles once it is committed (progress-writer.ts's storeProgress). */
export type StoreProgress = (change: ProgressChange) => Promise<void>

export interface ProgressQueue {
  /**
   * Hands the queue the attempt's progress as it is now. Settles once it is stored, or a newer progress
   * holding it is; rejects when the write that carried it failed (the next save then carries it again).
   */
  save(progress: AttemptProgress): Promise<void>
}

interface Waiter {
  resolve(): void
  reject(error: unknown): void
}

/** The writer is a chunk of its own, with Dexie: the exam page loads this module before it needs them. */
const storeOnThisDevice = () => import('./progress-writer').then((writer) => writer.storeProgress)

/**
 * What changed since `stored` (the progress last stored, when known): an answer click is one answer, a move,
 * a tab switch or a flag the position row (which holds the flags: a handful of numbers). Without `stored` every answer and the position are written.
 */
export function progressChange(progress: AttemptProgress, stored?: AttemptProgress): ProgressChange {
  const attemptId = progress.id
  const moved =
    stored?.currentIndex !== progress.currentIndex ||
    stored.tabSwitches !== progress.tabSwitches ||
    (progress.flags !== undefined && stored.flags?.join() !== progress.flags.join())
  return {
    attemptId,
    answered: Object.entries(progress.answers)
      .filter(([number, letter]) => stored?.answers[number] !== letter)
      .map(([questionNumber, letter]) => ({ attemptId, questionNumber, letter })),
    cleared: Object.keys(stored?.answers ?? {}).filter((number) => progress.answers[number] === undefined),
    position: moved
      ? {
          attemptId,
          currentIndex: progress.currentIndex,
          tabSwitches: progress.tabSwitches,
          // Left out rather than undefined when the progress has none, so the stored row stays as it was written before.
          ...(progress.flags && { flags: progress.flags }),
        }
      : null,
  }
}

/**
 * The only queue on the answer-progress path, for one attempt (the exam session's progress writer forwards
 * every change to it). One write at a time, so an older state never lands over a newer one; each writes only
 * what changed since the last state stored, so a click is one small row. When nothing is being written (the
 * usual click) the write starts at once, in the caller's own task: it reaches the progress worker before
 * the page re-renders. Changes arriving while a write is out are coalesced: the newest alone is written
 * next, and it settles every save it replaced. A failed write leaves the last stored state as it was, so
 * the next save writes again whatever failed: nothing entered is dropped. Further down there is no queue:
 * the worker and the page each write what they are handed, and IndexedDB commits read-write transactions on
 * the same tables in the order they were opened.
 */
export function createProgressQueue(loadStore: () => Promise<StoreProgress> = storeOnThisDevice): ProgressQueue {
  let store: StoreProgress | undefined
  let attemptId: string | undefined
  let stored: AttemptProgress | undefined
  let writing = false
  let next: { progress: AttemptProgress; waiters: Waiter[] } | undefined

  function write(progress: AttemptProgress, waiters: Waiter[]): void {
    writing = true
    const change = progressChange(progress, stored)
    const written = store ? startedSafely(store, change) : loadStore().then((loaded) => (store = loaded)(change))
    written
      .then(
        () => {
          stored = progress
          for (const waiter of waiters) waiter.resolve()
        },
        (error: unknown) => {
          for (const waiter of waiters) waiter.reject(error)
        },
      )
      .finally(writeNext)
  }

  function writeNext(): void {
    writing = false
    if (!next) return
    const { progress, waiters } = next
    next = undefined
    write(progress, waiters)
  }

  return {
    save(progress) {
      attemptId ??= progress.id
      if (progress.id !== attemptId) return Promise.reject(new Error('A progress queue holds one attempt.'))
      return new Promise<void>((resolve, reject) => {
        const waiter = { resolve, reject }
        if (!writing) write(progress, [waiter])
        else next = { progress, waiters: [...(next?.waiters ?? []), waiter] }
      })
    },
  }
}

/** `store(change)`, a synchronous throw turned into a rejection like any other failure. */
function startedSafely(store: StoreProgress, change: ProgressChange): Promise<void> {
  try {
    return store(change)
  } catch (error) {
    return Promise.reject(error)
  }
}
