import 'fake-indexeddb/auto'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { ProgressWriteReply, ProgressWriteRequest } from '../../src/lib/offline/progress-writer'
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

/** A Worker that runs progress.worker.ts, or one whose script never loads. */
function standInWorker(loads: boolean) {
  return class implements StandInWorker {
    sent: ProgressWriteRequest[] = []
    onmessage: StandInWorker['onmessage'] = null
    onerror: StandInWorker['onerror'] = null
    terminated = false
    constructor(readonly url: URL) {
      workers.push(this)
      workerScope.postMessage = (reply) => setTimeout(() => this.onmessage?.({ data: reply }))
      if (!loads) setTimeout(() => this.onerror?.({ preventDefault: () => {} }))
    }
    postMessage(request: ProgressWriteRequest) {
      this.sent.push(request)
      // Structured clone, as postMessage makes one.
      if (loads) setTimeout(() => void workerScope.onmessage?.({ data: structuredClone(request) }))
    }
    terminate() {
      this.terminated = true
    }
  }
}

/** The attempt store and database as a page starting afresh loads them, with `Worker` as given. */
async function freshPage(worker: ReturnType<typeof standInWorker>) {
  vi.resetModules()
  vi.stubGlobal('Worker', worker)
  vi.stubGlobal('self', workerScope)
  await import('../../src/lib/offline/progress.worker')
  vi.stubGlobal('self', window)
  return import('../../src/lib/offline/attempt-store')
}

beforeEach(async () => {
  workers = []
  await clearExamDb()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the progress worker', () => {
  it('is handed each change and stores it, the page hearing back once it is committed', async () => {
    const store = await freshPage(standInWorker(true))
    const attempt = examAttempt()
    await store.saveNewAttempt(attempt)
    const opened = { id: attempt.id, answers: {}, currentIndex: 0, tabSwitches: 0 }
    await store.saveAttemptProgress(opened)
    await store.saveAttemptProgress({ ...opened, answers: { '2': 'C' } }, opened)

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
    const store = await freshPage(standInWorker(true))
    await expect(
      store.saveAttemptProgress({ id: 'missing', answers: { '1': 'A' }, currentIndex: 0, tabSwitches: 0 }),
    ).rejects.toThrow('The exam attempt is missing from this device.')
  })

  it('is replaced by the page itself when its script cannot load, nothing sent to it being lost', async () => {
    const store = await freshPage(standInWorker(false))
    const attempt = examAttempt()
    await store.saveNewAttempt(attempt)
    const opened = { id: attempt.id, answers: {}, currentIndex: 0, tabSwitches: 0 }
    const answered = { ...opened, answers: { '1': 'B' as const } }
    // Both are sent before the worker's failure is known.
    await Promise.all([store.saveAttemptProgress(opened), store.saveAttemptProgress(answered, opened)])
    const moved = { ...answered, currentIndex: 2 }
    await store.saveAttemptProgress(moved, answered)

    expect(workers).toHaveLength(1)
    expect(workers[0]!.terminated).toBe(true)
    expect(workers[0]!.sent).toHaveLength(2)
    expect(await store.unfinishedAttempt()).toEqual({ ...attempt, answers: { '1': 'B' }, currentIndex: 2 })
  })
})
