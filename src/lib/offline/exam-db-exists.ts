import { examDatabaseName } from './exam-db-schema'

/**
 * Whether this device has ever stored anything for an exam, asked without loading Dexie: a first visit
 * then needs no storage code before its first screen. True when the browser cannot say
 * (`indexedDB.databases()` is missing), so the database is then opened and read as before.
 */
export async function examDatabaseExists(): Promise<boolean> {
  if (typeof indexedDB === 'undefined' || typeof indexedDB.databases !== 'function') return true
  const databases = await indexedDB.databases().catch(() => undefined)
  return databases === undefined || databases.some((database) => database.name === examDatabaseName)
}
