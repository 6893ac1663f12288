import { answerRowKey, examTables } from './exam-db-schema'
import type { StoredAnswer, StoredPosition } from './exam-db'

/** What one save writes: the answers given or changed, the answers taken back, and the position if it moved. */
export interface ProgressChange {
  attemptId: string
  answered: StoredAnswer[]
  cleared: string[]
  position: StoredPosition | null
}

/** What the page asks of the progress worker (progress.worker.ts). */
export interface ProgressWriteRequest {
  id: number
  change: ProgressChange
}

/**
 * The worker's answer: stored (failure null), refused with a message (as the page would be), or
 * `'unavailable'`: the worker cannot reach the database, and the page writes the change itself.
 */
export interface ProgressWriteReply {
  id: number
  failure: null | 'unavailable' | { message: string }
}

/**
 * Writes a change to the exam database, straight through IndexedDB (no Dexie: this runs in the progress
 * worker too). The rows and the commit go out at once, nothing read first: a write landing after Submit
 * cannot reopen the attempt, as the rows are read only for an attempt still in progress (attempt-store's
 * withProgress). Whether the attempt is still on the device is asked alongside, in a transaction of its own,
 * so a device whose storage was cleared says so instead of "saved".
 */
export async function writeProgress(database: IDBDatabase, change: ProgressChange): Promise<void> {
  const { answers, positions, attempts } = examTables
  const write = database.transaction([answers, positions], 'readwrite')
  const committed = transactionCompletion(write)
  try {
    const answerRows = write.objectStore(answers)
    for (const answer of change.answered) answerRows.put(answer)
    for (const number of change.cleared) answerRows.delete(answerRowKey(change.attemptId, number))
    if (change.position) write.objectStore(positions).put(change.position)
  } catch (error) {
    write.abort()
    throw error
  }
  // Browsers before commit() (Safari 14, say) commit as soon as the requests are done.
  write.commit?.()
  const check = database.transaction(attempts, 'readonly').objectStore(attempts).count(change.attemptId)
  const [found] = await Promise.all([requestResult(check), committed])
  if (found === 0) throw new Error('The exam attempt is missing from this device.')
}

function requestResult<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result)
    request.onerror = () => reject(request.error)
  })
}

function transactionCompletion(transaction: IDBTransaction): Promise<void> {
  return new Promise((resolve, reject) => {
    transaction.oncomplete = () => resolve()
    transaction.onabort = () => reject(transaction.error ?? new Error('The answers could not be stored on this device.'))
  })
}
