import Dexie from 'dexie'
import { expect, it } from 'vitest'
import { examDb } from '../../src/lib/offline/exam-db'
import { examAttempt } from './exam-fixtures'

it('keeps the attempts of a device that ran the app before answer files, without a key and without the old window end', async () => {
  const { answerFileKey: _key, ...current } = examAttempt()
  const stored = { ...current, windowEnd: current.deadline }
  const before = new Dexie('holdfast-exam')
  before.version(1).stores({ attempts: 'id, loginCode, status', outbox: 'id, loginCode, state', cache: 'key' })
  await before.table('attempts').add(stored)
  before.close()

  // The app's database opens on first use, and upgrades what the older app left.
  expect(await examDb.attempts.get(current.id)).toEqual({ ...current, answerFileKey: null })
  expect(await examDb.reports.count()).toBe(0)
})
