import { examDb } from './exam-db'
import { writeProgress, type ProgressChange } from './progress-write'

/** What the page asks of the progress worker, and what the worker answers (error: null when stored). */
export interface ProgressWriteRequest {
  id: number
  change: ProgressChange
}
export interface ProgressWriteReply {
  id: number
  error: string | null
}

interface PendingWrite {
  change: ProgressChange
  resolve(): void
  reject(error: Error): void
}

/** The progress worker once started; null where there is none (no Worker, or it failed to load). */
let worker: Worker | null | undefined
let nextId = 0
const pending = new Map<number, PendingWrite>()

/**
 * Stores a progress change. In a browser it goes to the progress worker: the click's write then commits
 * without waiting for the page's main thread, which is re-rendering and painting the click meanwhile. Where
 * there is no worker (tests, or its script failed to load) it is written here, on the page's own connection.
 */
export function storeProgress(change: ProgressChange): Promise<void> {
  if (worker === undefined) worker = startWorker()
  if (!worker) return writeHere(change)
  const id = nextId++
  const sent = new Promise<void>((resolve, reject) => pending.set(id, { change, resolve, reject }))
  worker.postMessage({ id, change } satisfies ProgressWriteRequest)
  return sent
}

async function writeHere(change: ProgressChange): Promise<void> {
  const database = examDb.isOpen() ? examDb.backendDB() : (await examDb.open()).backendDB()
  await writeProgress(database, change)
}

function startWorker(): Worker | null {
  if (typeof Worker === 'undefined') return null
  let started: Worker
  try {
    started = new Worker(new URL('./progress.worker.ts', import.meta.url), { type: 'module', name: 'progress-writer' })
  } catch {
    return null
  }
  started.onmessage = ({ data }: MessageEvent<ProgressWriteReply>) => {
    const write = pending.get(data.id)
    pending.delete(data.id)
    if (data.error === null) write?.resolve()
    else write?.reject(new Error(data.error))
  }
  // The worker could not start (its script missing offline, say): what it was given is written here, and so
  // is everything after.
  started.onerror = (event) => {
    event.preventDefault()
    started.terminate()
    worker = null
    for (const [id, write] of pending) {
      pending.delete(id)
      writeHere(write.change).then(write.resolve, write.reject)
    }
  }
  return started
}
