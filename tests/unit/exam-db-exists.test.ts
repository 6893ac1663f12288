import 'fake-indexeddb/auto'
import { afterEach, expect, it, vi } from 'vitest'
import { examDb } from '../../src/lib/offline/exam-db'
import { examDatabaseExists } from '../../src/lib/offline/exam-db-exists'

afterEach(() => vi.unstubAllGlobals())

it('says whether the device has an exam database, without creating one', async () => {
  await examDb.delete({ disableAutoOpen: false })
  expect(await examDatabaseExists()).toBe(false)
  expect(await examDatabaseExists()).toBe(false)
  await examDb.open()
  expect(await examDatabaseExists()).toBe(true)
})

it('assumes a database when the browser cannot list them, so stored attempts are still looked for', async () => {
  await examDb.delete({ disableAutoOpen: false })
  vi.stubGlobal('indexedDB', { ...indexedDB, databases: undefined })
  expect(await examDatabaseExists()).toBe(true)
})
