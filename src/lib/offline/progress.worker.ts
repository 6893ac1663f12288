// The progress worker: writes each answer click to IndexedDB off the page's main thread, so the write
// commits while the page is still busy re-rendering and painting the click (progress-writer.ts).
import { examDatabaseName } from './exam-db-exists'
import { writeProgress } from './progress-write'
import type { ProgressWriteReply, ProgressWriteRequest } from './progress-writer'

/** The worker's global scope: requests come in and replies go back through it. */
const scope = self
let database: Promise<IDBDatabase> | undefined

/** The exam database at whatever version the page's Dexie made it; given up when a newer version wants it. */
function openDatabase(): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(examDatabaseName)
    request.onsuccess = () => {
      const opened = request.result
      opened.onversionchange = () => {
        opened.close()
        database = undefined
      }
      resolve(opened)
    }
    request.onerror = () => reject(request.error)
  })
}

scope.onmessage = async ({ data }: MessageEvent<ProgressWriteRequest>) => {
  let reply: ProgressWriteReply
  try {
    await writeProgress(await (database ??= openDatabase()), data.change)
    reply = { id: data.id, error: null }
  } catch (error) {
    database = undefined
    reply = { id: data.id, error: error instanceof Error ? error.message : String(error) }
  }
  scope.postMessage(reply)
}
