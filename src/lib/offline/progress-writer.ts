import { examDb } from './exam-db'
import { writeProgress, type ProgressChange, type ProgressWriteReply, type ProgressWriteRequest } from './progress-write'

/** How long a change may wait for the worker's answer before the page writes it itself. */
export const progressWorkerPatienceMs = 3_000

interface PendingWrite {
  change: ProgressChange
  resolve(): void
  reject(error: Error): void
  timer: ReturnType<typeof setTimeout>
}

/** The progress worker once started; null where there is none (no Worker, or it was given up). */
let worker: Worker | null | undefined
let nextId = 0
/** The changes handed to the worker and not yet answered, by request id, oldest first. */
const pending = new Map<number, PendingWrite>()

/**
 * Stores a progress change. In a browser it goes to the progress worker: the click's write then commits
 * without waiting for the page's main thread, which is re-rendering and painting the click meanwhile. Where
 * there is no worker (tests), or once it has failed (its script did not load, it cannot open the database,
 * it did not answer within progressWorkerPatienceMs), it is written here, on the page's own connection.
 * Nothing here orders writes: the progress queue (progress-queue.ts) hands over an attempt's next change
 * only once this one has settled.
 */
export function storeProgress(change: ProgressChange): Promise<void> {
  const running = startProgressWorker()
  if (!running) return writeHere(change)
  const id = nextId++
  const stored = new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => giveUpWorker(running), progressWorkerPatienceMs)
    pending.set(id, { change, resolve, reject, timer })
  })
  running.postMessage({ id, change } satisfies ProgressWriteRequest)
  return stored
}

/** Starts the progress worker if it is not running yet (the exam page does so early, so its script is in). */
export function startProgressWorker(): Worker | null {
  if (worker !== undefined) return worker
  worker = null
  if (typeof Worker === 'undefined') return null
  let started: Worker
  try {
    started = new Worker(new URL('./progress.worker.ts', import.meta.url), { type: 'module', name: 'progress' })
  } catch {
    return null
  }
  started.onmessage = ({ data }: MessageEvent<ProgressWriteReply>) => {
    const write = pending.get(data.id)
    if (!write) return
    if (data.failure === 'unavailable') return giveUpWorker(started)
    pending.delete(data.id)
    clearTimeout(write.timer)
    if (data.failure === null) write.resolve()
    else write.reject(new Error(data.failure.message))
  }
  started.onerror = (event) => {
    event.preventDefault()
    giveUpWorker(started)
  }
  worker = started
  return started
}

async function writeHere(change: ProgressChange): Promise<void> {
  const database = examDb.isOpen() ? examDb.backendDB() : (await examDb.open()).backendDB()
  await writeProgress(database, change)
}

/**
 * Stops a worker that failed and writes what it was given here, oldest first. It is stopped first, so a
 * change it had not yet written cannot land after the newer one its queue hands over next.
 */
function giveUpWorker(failed: Worker): void {
  if (worker !== failed) return
  failed.terminate()
  worker = null
  const given = [...pending.values()]
  pending.clear()
  for (const write of given) {
    clearTimeout(write.timer)
    writeHere(write.change).then(write.resolve, write.reject)
  }
}
