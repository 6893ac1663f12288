// The progress worker: writes each answer click to IndexedDB off the page's main thread, so the write
// commits while the page is still busy re-rendering and painting the click (progress-writer.ts).
import { examDatabaseName } from './exam-db-schema'
import { writeProgress, type ProgressWriteReply, type ProgressWriteRequest } from './progress-write'

/** The worker's global scope, taken once: requests come in and replies go back through it. */
const scope = self
let connection: Promise<IDBDatabase> | undefined

/**
 * The exam database as the page's Dexie made it, never created or upgraded here (an upgrade is refused, and
 * the page writes instead); given up when a newer version wants it or the browser closes it.
 */
function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(examDatabaseName)
    request.onupgradeneeded = () => request.transaction?.abort()
    request.onsuccess = () => {
      const database = request.result
      database.onversionchange = () => dropConnection(database)
      database.onclose = () => dropConnection(database)
      resolve(database)
    }
    request.onerror = () => reject(request.error ?? new Error('The exam database could not be opened.'))
  })
}

function dropConnection(database: IDBDatabase): void {
  database.close()
  connection = undefined
}

/** Writes a change; a connection the browser closed meanwhile is opened again once. */
async function write(request: ProgressWriteRequest, tries = 2): Promise<ProgressWriteReply> {
  let database: IDBDatabase
  try {
    database = await (connection ??= openDatabase())
  } catch {
    connection = undefined
    return { id: request.id, failure: 'unavailable' }
  }
  try {
    await writeProgress(database, request.change)
    return { id: request.id, failure: null }
  } catch (error) {
    if (error instanceof DOMException && error.name === 'InvalidStateError' && tries > 1) {
      dropConnection(database)
      return write(request, tries - 1)
    }
    return { id: request.id, failure: { message: error instanceof Error ? error.message : String(error) } }
  }
}

// No queue here: an attempt's progress queue (progress-queue.ts) sends its next change only once this one
// is answered.
scope.onmessage = ({ data }: MessageEvent<ProgressWriteRequest>) => {
  void write(data).then((reply) => scope.postMessage(reply))
}
