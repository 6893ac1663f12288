import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { clearExamDb, examAttempt } from '../../../tests/unit/exam-fixtures'
import { unfinishedAttempt, saveNewAttempt } from './attempt-store'
import { createProgressQueue, type AttemptProgress, type StoreProgress } from './progress-queue'
import type { ProgressChange } from './progress-write'
import { storeProgress } from './progress-writer'

/** How long each write of the slow device below takes to start, on the simulated clock. */
const writeDelayMs = 100

/** Writes to IndexedDB (the page's own connection: jsdom has no Worker), each after `writeDelayMs`; records what it was handed. */
function slowDevice() {
  const changes: ProgressChange[] = []
  let failNext: Error | null = null
  const store: StoreProgress = async (change) => {
    changes.push(change)
    await new Promise((resolve) => setTimeout(resolve, writeDelayMs))
    if (failNext) {
      const failure = failNext
      failNext = null
      throw failure
    }
    await storeProgress(change)
  }
  return { changes, store, failNextWrite: (error: Error) => (failNext = error) }
}

/**
 * Moves the simulated clock on until `saves` have settled, one write after another; IndexedDB's own work
 * runs on real turns of the event loop in between.
 */
async function settled<T>(saves: Promise<T>): Promise<PromiseSettledResult<Awaited<T>>> {
  let done = false
  const outcome = Promise.allSettled([saves]).then(([result]) => {
    done = true
    return result!
  })
  while (!done) {
    await vi.advanceTimersByTimeAsync(writeDelayMs)
    await new Promise((resolve) => setImmediate(resolve))
  }
  return outcome
}

let attempt: ReturnType<typeof examAttempt>
let opened: AttemptProgress
beforeEach(async () => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
  await clearExamDb()
  attempt = examAttempt()
  await saveNewAttempt(attempt)
  opened = { id: attempt.id, answers: {}, currentIndex: 0, tabSwitches: 0 }
})
afterEach(() => {
  vi.useRealTimers()
})

describe('the progress queue', () => {
  it('writes one change at a time, and of those arriving meanwhile only the newest, settling every save', async () => {
    const device = slowDevice()
    const queue = createProgressQueue(async () => device.store)
    const clicks: AttemptProgress[] = [
      { ...opened, answers: { '1': 'A' as const } },
      { ...opened, answers: { '1': 'B' as const } },
      { ...opened, answers: { '1': 'B' as const, '2': 'C' as const }, currentIndex: 1 },
      { ...opened, answers: { '2': 'C' as const }, currentIndex: 1 },
    ]
    const saved: string[] = []
    const saves = [opened, ...clicks].map((progress, index) => queue.save(progress).then(() => saved.push(`save ${index}`)))

    await vi.advanceTimersByTimeAsync(writeDelayMs - 1)
    expect(device.changes).toHaveLength(1)
    expect(await settled(Promise.all(saves))).toMatchObject({ status: 'fulfilled' })

    // The opening state, then the newest click against it: the clicks between were never written.
    expect(device.changes).toEqual([
      { attemptId: attempt.id, answered: [], cleared: [], position: { attemptId: attempt.id, currentIndex: 0, tabSwitches: 0 } },
      {
        attemptId: attempt.id,
        answered: [{ attemptId: attempt.id, questionNumber: '2', letter: 'C' }],
        cleared: [],
        position: { attemptId: attempt.id, currentIndex: 1, tabSwitches: 0 },
      },
    ])
    expect(saved).toEqual(['save 0', 'save 1', 'save 2', 'save 3', 'save 4'])
    expect(await unfinishedAttempt()).toEqual({ ...attempt, answers: { '2': 'C' }, currentIndex: 1 })
  })

  it('never lets an older state land over a newer one', async () => {
    const device = slowDevice()
    const queue = createProgressQueue(async () => device.store)
    const first = queue.save({ ...opened, answers: { '1': 'A' } })
    await vi.advanceTimersByTimeAsync(writeDelayMs / 2)
    const changedMind = queue.save({ ...opened, answers: { '1': 'D' } })
    // The newer state waits for the older write: two writes at once could commit in either order.
    await vi.advanceTimersByTimeAsync(writeDelayMs / 2 - 1)
    expect(device.changes).toHaveLength(1)
    expect(await settled(Promise.all([first, changedMind]))).toMatchObject({ status: 'fulfilled' })
    expect(device.changes.map((change) => change.answered)).toEqual([
      [{ attemptId: attempt.id, questionNumber: '1', letter: 'A' }],
      [{ attemptId: attempt.id, questionNumber: '1', letter: 'D' }],
    ])
    expect((await unfinishedAttempt())?.answers).toEqual({ '1': 'D' })
  })

  it('loses nothing to a failed write: its saves hear of it, and the next save writes it again', async () => {
    const device = slowDevice()
    const queue = createProgressQueue(async () => device.store)
    await settled(queue.save(opened))

    device.failNextWrite(new Error('QuotaExceededError'))
    const failed = queue.save({ ...opened, answers: { '1': 'A' } })
    const writtenAfter = queue.save({ ...opened, answers: { '1': 'A', '2': 'B' } })
    // The first carried its own change and failed; the second was written after it, with the failed answer.
    expect(await settled(failed)).toMatchObject({ status: 'rejected', reason: new Error('QuotaExceededError') })
    expect(await settled(writtenAfter)).toMatchObject({ status: 'fulfilled' })
    expect((await unfinishedAttempt())?.answers).toEqual({ '1': 'A', '2': 'B' })

    device.failNextWrite(new Error('QuotaExceededError'))
    expect(await settled(queue.save({ ...opened, answers: { '1': 'A', '2': 'B', '3': 'C' } }))).toMatchObject({
      status: 'rejected',
    })
    await settled(queue.save({ ...opened, answers: { '1': 'A', '2': 'B', '3': 'C' }, currentIndex: 2 }))
    // The move carries the answer whose write failed: it is measured from what was last stored.
    expect(device.changes.at(-1)?.answered).toEqual([{ attemptId: attempt.id, questionNumber: '3', letter: 'C' }])
    expect(await unfinishedAttempt()).toEqual({ ...attempt, answers: { '1': 'A', '2': 'B', '3': 'C' }, currentIndex: 2 })
  })

  it("starts a write at once, in the caller's own task, when none is out", async () => {
    const device = slowDevice()
    const queue = createProgressQueue(async () => device.store)
    await settled(queue.save(opened))
    const clicked = queue.save({ ...opened, answers: { '3': 'B' } })
    expect(device.changes).toHaveLength(2)
    await settled(clicked)
  })

  it('holds one attempt: another one is refused rather than measured against it', async () => {
    const queue = createProgressQueue(async () => storeProgress)
    await queue.save(opened)
    await expect(queue.save({ ...opened, id: examAttempt().id })).rejects.toThrow('one attempt')
  })

  it('says the attempt is missing when the device no longer has it, and stores nothing as saved', async () => {
    const queue = createProgressQueue()
    await expect(queue.save({ id: 'missing', answers: { '1': 'A' }, currentIndex: 0, tabSwitches: 0 })).rejects.toThrow(
      'The exam attempt is missing from this device.',
    )
  })
})
