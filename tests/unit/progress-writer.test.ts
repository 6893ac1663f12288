import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProgressWriteReply, ProgressWriteRequest } from '../../src/lib/offline/progress-write'
import { clearExamDb, examAttempt } from './exam-fixtures'

/**
 * The page's side of the progress worker (progress-writer.ts) with the worker's own script (progress.worker.ts)
 * run in this thread: jsdom has no Worker, so a stand-in carries the messages both ways as a browser would.
 */
interface StandInWorker {
  url: URL
  sent: ProgressWriteRequest[]
  onmessage: ((event: { data: ProgressWriteReply }) => void) | null
  onerror: ((event: { preventDefault(): void }) => void) | null
  terminated: boolean
}

/** The worker script's global scope, as progress.worker.ts sees it through `self`. */
const workerScope = {
  onmessage: null as ((event: { data: ProgressWriteRequest }) => Promise<void>) | null,
  postMessage: (_reply: ProgressWriteReply) => {},
}

let workers: StandInWorker[] = []

/** A Worker that runs progress.worker.ts, one whose script never loads, or one that never answers. */
function standInWorker(behaviour: 'runs' | 'fails to load' | 'never answers') {
  return class implements StandInWorker {
    sent: ProgressWriteRequest[] = []
    onmessage: StandInWorker['onmessage'] = null
    onerror: StandInWorker['onerror'] = null
    terminated = false
    constructor(readonly url: URL) {
      workers.push(this)
      workerScope.postMessage = (reply) => queueMicrotask(() => this.onmessage?.({ data: reply }))
      if (behaviour === 'fails to load') queueMicrotask(() => this.onerror?.({ preventDefault: () => {} }))
    }
    postMessage(request: ProgressWriteRequest) {
      this.sent.push(request)
      // Structured clone, as postMessage makes one.
      if (behaviour === 'runs') queueMicrotask(() => void workerScope.onmessage?.({ data: structuredClone(request) }))
    }
    terminate() {
      this.terminated = true
    }
  }
}

/**
 * The attempt store and database as a page starting afresh loads them, with `Worker` as given, and an
 * attempt's progress queue (progress-queue.ts), which hands its changes to the progress writer.
 */
async function freshPage(worker: ReturnType<typeof standInWorker>) {
  vi.resetModules()
  vi.stubGlobal('Worker', worker)
  vi.stubGlobal('self', workerScope)
  await import('../../src/lib/offline/progress.worker')
  vi.stubGlobal('self', window)
  const [store, { createProgressQueue }] = await Promise.all([
    import('../../src/lib/offline/attempt-store'),
    import('../../src/lib/offline/progress-queue'),
  ])
  return { ...store, progress: createProgressQueue() }
}

beforeEach(async () => {
  workers = []
  await clearExamDb()
})
afterEach(() => {
  vi.unstubAllGlobals()
  vi.useRealTimers()
})

describe('the progress worker', () => {
  it('is handed each change and stores it, the page hearing back once it is committed', async () => {
    const store = await freshPage(standInWorker('runs'))
    const attempt = examAttempt()
    await store.saveNewAttempt(attempt)
    const opened = { id: attempt.id, answers: {}, currentIndex: 0, tabSwitches: 0 }
    await store.progress.save(opened)
    await store.progress.save({ ...opened, answers: { '2': 'C' } })

    expect(workers).toHaveLength(1)
    expect(String(workers[0]!.url)).toMatch(/\/progress\.worker\.ts/)
    expect(workers[0]!.sent.map((request) => request.change)).toEqual([
      { attemptId: attempt.id, answered: [], cleared: [], position: { attemptId: attempt.id, currentIndex: 0, tabSwitches: 0 } },
      {
        attemptId: attempt.id,
        answered: [{ attemptId: attempt.id, questionNumber: '2', letter: 'C' }],
        cleared: [],
        position: null,
      },
    ])
    expect((await store.unfinishedAttempt())?.answers).toEqual({ '2': 'C' })
  })

  it("passes on the worker's failure: an attempt the device no longer has is not reported as saved", async () => {
    const store = await freshPage(standInWorker('runs'))
    await expect(store.progress.save({ id: 'missing', answers: { '1': 'A' }, currentIndex: 0, tabSwitches: 0 })).rejects.toThrow(
      'The exam attempt is missing from this device.',
    )
  })

  it('is replaced by the page itself when its script cannot load, what it was given written first, in order', async () => {
    const store = await freshPage(standInWorker('fails to load'))
    const attempt = examAttempt()
    await store.saveNewAttempt(attempt)
    const first = { id: attempt.id, answers: { '1': 'A' as const }, currentIndex: 0, tabSwitches: 0 }
    const changedMind = { ...first, answers: { '1': 'B' as const } }
    const moved = { ...changedMind, currentIndex: 2 }
    // The first goes to the worker before its failure is known; the others wait in the queue meanwhile.
    await Promise.all([first, changedMind, moved].map((progress) => store.progress.save(progress)))

    expect(workers).toHaveLength(1)
    expect(workers[0]!.terminated).toBe(true)
    expect(workers[0]!.sent.map((request) => request.change.answered)).toEqual([
      [{ attemptId: attempt.id, questionNumber: '1', letter: 'A' }],
    ])
    expect(await store.unfinishedAttempt()).toEqual({ ...attempt, answers: { '1': 'B' }, currentIndex: 2 })
  })

  it('is given up when it does not answer in time, the page writing what it held, then what came meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    const store = await freshPage(standInWorker('never answers'))
    const { progressWorkerPatienceMs } = await import('../../src/lib/offline/progress-writer')
    const attempt = examAttempt()
    await store.saveNewAttempt(attempt)
    const given = { id: attempt.id, answers: { '3': 'D' as const }, currentIndex: 2, tabSwitches: 0 }
    let saved = 0
    const saves = [given, { ...given, answers: { '3': 'A' as const } }, { ...given, tabSwitches: 1 }].map((progress) =>
      store.progress.save(progress).then(() => saved++),
    )
    await vi.advanceTimersByTimeAsync(progressWorkerPatienceMs - 1)
    expect(saved).toBe(0)
    await vi.advanceTimersByTimeAsync(1)
    await Promise.all(saves)
    expect(workers[0]!.terminated).toBe(true)
    // The worker was handed the first save; the two after it came to the page as one change.
    expect(workers[0]!.sent).toHaveLength(1)
    expect(await store.unfinishedAttempt()).toEqual({ ...attempt, answers: { '3': 'D' }, currentIndex: 2, tabSwitches: 1 })
  })

  it('never creates the database: with none on the device the page writes, and says the attempt is missing', async () => {
    const store = await freshPage(standInWorker('runs'))
    const { examDb } = await import('../../src/lib/offline/exam-db')
    await examDb.delete()
    await expect(store.progress.save({ id: 'gone', answers: { '1': 'A' }, currentIndex: 0, tabSwitches: 0 })).rejects.toThrow(
      'The exam attempt is missing from this device.',
    )
    expect(workers[0]!.terminated).toBe(true)
    // The database the page made is Dexie's, whole.
    expect(examDb.verno).toBe(4)
    expect(await examDb.answers.count()).toBe(1)
  })
})
