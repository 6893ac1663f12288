import Dexie from 'dexie'
import { expect, it } from 'vitest'
import { latestAttemptFor, unfinishedAttempt } from '../../src/lib/offline/attempt-store'
import { examDb } from '../../src/lib/offline/exam-db'
import { queueSubmission } from '../../src/lib/offline/outbox'
import { progressChange } from '../../src/lib/offline/progress-queue'
import { storeProgress } from '../../src/lib/offline/progress-writer'
import { examAttempt, examStart, finishedAttempt } from './exam-fixtures'

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

it('keeps every answer of an attempt stored whole by the app before per-answer rows, and adds the newer clicks over them', async () => {
  await examDb.delete({ disableAutoOpen: false })
  const stored = examAttempt({ answers: { '1': 'A', '2': 'B' }, currentIndex: 1, tabSwitches: 3 })
  const submitted = finishedAttempt({ status: 'submitted', loginCode: 'WXYZ9876' })
  const before = new Dexie('holdfast-exam')
  before.version(1).stores({ attempts: 'id, loginCode, status', outbox: 'id, loginCode, state', cache: 'key' })
  before.version(2).stores({ reports: 'attempt_id' })
  await before.table('attempts').bulkAdd([stored, submitted])
  before.close()

  // The upgraded app resumes the attempt with what the student entered before it was updated.
  expect(await unfinishedAttempt()).toEqual(stored)
  expect(await latestAttemptFor('WXYZ9876')).toEqual(submitted)

  // Clicks after the update are rows read over the record's answers; the submission holds them all.
  const resumed = { id: stored.id, answers: stored.answers, currentIndex: 1, tabSwitches: 3 }
  const clicked = { ...resumed, answers: { ...stored.answers, '3': 'C' as const }, currentIndex: 2 }
  // Only the click is written as a row: the record's answers must be read under it.
  await storeProgress(progressChange(clicked, resumed))
  const finished = await unfinishedAttempt()
  expect(finished).toEqual({ ...stored, answers: { '1': 'A', '2': 'B', '3': 'C' }, currentIndex: 2 })
  await queueSubmission({ ...finished!, submittedAt: examStart + 60_000 }, examStart + 60_000)
  expect((await examDb.outbox.get(stored.id))?.submission.answers).toEqual({ '1': 'A', '2': 'B', '3': 'C' })
})

it('resumes an attempt stored before exams were named without a name, and keeps the name of one stored since', async () => {
  await examDb.delete({ disableAutoOpen: false })
  const { examName: _name, ...older } = examAttempt({ loginCode: 'OLDER123' })
  const before = new Dexie('holdfast-exam')
  before.version(1).stores({ attempts: 'id, loginCode, status', outbox: 'id, loginCode, state', cache: 'key' })
  before.version(2).stores({ reports: 'attempt_id' })
  before.version(3).stores({ answers: '[attemptId+questionNumber]', positions: 'attemptId' })
  await before.table('attempts').add(older)
  before.close()

  // No new database version: the name is not indexed, and an older attempt simply has none.
  expect(await latestAttemptFor('OLDER123')).toEqual(older)
  const named = examAttempt({ loginCode: 'NAMED123', examName: 'Mathematics' })
  await examDb.attempts.add(named)
  expect((await latestAttemptFor('NAMED123'))?.examName).toBe('Mathematics')
})

it('keeps every attempt of a device that ran the app before "Review later", with nothing flagged, and reads flags written since', async () => {
  await examDb.delete({ disableAutoOpen: false })
  const { flags: _flags, ...inProgress } = examAttempt({ loginCode: 'BEFORE26', answers: { '1': 'A' }, currentIndex: 1 })
  const { flags: _submittedFlags, ...submitted } = finishedAttempt({ status: 'submitted', loginCode: 'SENT2600' })
  const before = new Dexie('holdfast-exam')
  before.version(1).stores({ attempts: 'id, loginCode, status', outbox: 'id, loginCode, state', cache: 'key' })
  before.version(2).stores({ reports: 'attempt_id' })
  before.version(3).stores({ answers: '[attemptId+questionNumber]', positions: 'attemptId' })
  await before.table('attempts').bulkAdd([inProgress, submitted])
  // A click of the older app: its position row has no flags.
  await before.table('answers').add({ attemptId: inProgress.id, questionNumber: '2', letter: 'C' })
  await before.table('positions').add({ attemptId: inProgress.id, currentIndex: 2, tabSwitches: 1 })
  before.close()

  expect(await latestAttemptFor('BEFORE26')).toEqual({
    ...inProgress,
    answers: { '1': 'A', '2': 'C' },
    currentIndex: 2,
    tabSwitches: 1,
    flags: [],
  })
  expect(await latestAttemptFor('SENT2600')).toEqual({ ...submitted, flags: [] })
  expect(await examDb.serverCopies.count()).toBe(0)

  // A flag after the update is in the position row, read over the record.
  const resumed = {
    id: inProgress.id,
    answers: { '1': 'A' as const, '2': 'C' as const },
    currentIndex: 2,
    tabSwitches: 1,
    flags: [],
  }
  await storeProgress(progressChange({ ...resumed, flags: [2] }, resumed))
  expect((await latestAttemptFor('BEFORE26'))?.flags).toEqual([2])
})
