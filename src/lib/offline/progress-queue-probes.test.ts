import { beforeEach, expect, it } from 'vitest'
import { clearExamDb, examAttempt } from '../../../tests/unit/exam-fixtures'
import { saveNewAttempt, unfinishedAttempt } from './attempt-store'
import { createProgressQueue, type AttemptProgress, type StoreProgress } from './progress-queue'
import { storeProgress } from './progress-writer'

// An outside probe of the one queue on the answer-progress path (issue 24): whatever a student
// enters, in bursts or one by one, whatever writes fail (by rejecting or by throwing at once) and
// however often the page is reloaded, the device holds exactly the newest state whose save said
// it was stored: nothing older over it, nothing of it lost. Seeded, so a failure replays.

/** A small deterministic random source (mulberry32). */
function seededRandom(seed: number): () => number {
  let state = seed
  return () => {
    state = (state + 0x6d2b79f5) | 0
    let t = Math.imul(state ^ (state >>> 15), 1 | state)
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** The device's own store, which fails its next write when told: by a rejection, or by throwing before it starts. */
function failingDevice() {
  let failNext: 'reject' | 'throw' | null = null
  const store: StoreProgress = (change) => {
    const failure = failNext
    failNext = null
    if (failure === 'throw') throw new Error('DataCloneError')
    if (failure === 'reject') return Promise.reject(new Error('QuotaExceededError'))
    return storeProgress(change)
  }
  return { store, failNextWrite: (how: 'reject' | 'throw') => (failNext = how) }
}

let attempt: ReturnType<typeof examAttempt>
beforeEach(async () => {
  await clearExamDb()
  attempt = examAttempt()
  await saveNewAttempt(attempt)
})

it.each([1, 2, 3, 4, 5, 6])(
  'keeps on the device the newest state a save said it stored, through failures and reloads (seed %i)',
  async (seed) => {
    const random = seededRandom(seed)
    const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)] as T
    const device = failingDevice()
    let queue = createProgressQueue(async () => device.store)
    let progress: AttemptProgress = { id: attempt.id, answers: {}, currentIndex: 0, tabSwitches: 0 }
    let saves: Array<{ state: AttemptProgress; outcome: Promise<boolean> }> = []

    /** Every save out has settled: the device holds the newest state one of them said was stored, if any did. */
    async function expectNewestStoredOnDevice(): Promise<AttemptProgress> {
      const outcomes = await Promise.all(saves.map((save) => save.outcome))
      const newestStored = saves.filter((_, index) => outcomes[index]).at(-1)?.state
      const held = await unfinishedAttempt()
      if (newestStored) {
        expect(held).toMatchObject({
          answers: newestStored.answers,
          currentIndex: newestStored.currentIndex,
          tabSwitches: newestStored.tabSwitches,
        })
      }
      saves = []
      return {
        id: attempt.id,
        answers: held?.answers ?? {},
        currentIndex: held?.currentIndex ?? 0,
        tabSwitches: held?.tabSwitches ?? 0,
      }
    }

    for (let step = 0; step < 60; step++) {
      const roll = random()
      if (roll < 0.1) device.failNextWrite(pick(['reject', 'throw'] as const))
      if (roll > 0.92) {
        // A reload: the page starts again from what the device holds, with a queue of its own.
        progress = await expectNewestStoredOnDevice()
        queue = createProgressQueue(async () => device.store)
        continue
      }
      if (roll < 0.7) {
        progress = { ...progress, answers: { ...progress.answers, [pick(['1', '2', '3'])]: pick(['A', 'B', 'C', 'D'] as const) } }
      } else if (roll < 0.85) {
        progress = { ...progress, currentIndex: pick([0, 1, 2]) }
      } else {
        progress = { ...progress, tabSwitches: progress.tabSwitches + 1 }
      }
      const state = progress
      saves.push({
        state,
        outcome: queue.save(state).then(
          () => true,
          () => false,
        ),
      })
      if (random() < 0.3) await Promise.all(saves.map((save) => save.outcome))
    }
    await expectNewestStoredOnDevice()
    // One more save that is not made to fail: the device ends with everything entered.
    await queue.save(progress)
    expect(await unfinishedAttempt()).toEqual({ ...attempt, ...progress })
  },
)
