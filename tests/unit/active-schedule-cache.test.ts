import Dexie from 'dexie'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExamSitting } from '../../src/domain/active-schedule'
import { examSittingsOrCached } from '../../src/lib/offline/active-schedule-cache'
import { examDb } from '../../src/lib/offline/exam-db'
import { readExamSittings } from '../../src/lib/student/student-api'

vi.mock('../../src/lib/student/student-api', () => ({ readExamSittings: vi.fn() }))
const readExamSittingsMock = vi.mocked(readExamSittings)

const sitting = (exam_id: string, exam: string): ExamSitting => ({
  exam_id,
  exam,
  exam_name: `${exam} sitting`,
  start_time: '2026-11-23T09:00:00.000Z',
  end_time: '2026-11-23T11:00:00.000Z',
  duration_minutes: 45,
  created_at: '2026-11-20T09:00:00.000Z',
})

const offline = () => readExamSittingsMock.mockRejectedValue(new TypeError('Failed to fetch'))

describe('the login screen’s copy of the sittings', () => {
  beforeEach(async () => {
    readExamSittingsMock.mockReset()
    await examDb.delete({ disableAutoOpen: false })
  })

  it('shows every exam’s sittings the device last saw once it is offline', async () => {
    const week = [sitting('maths', 'Mathematics'), sitting('physics', 'Physics')]
    readExamSittingsMock.mockResolvedValue(week)
    expect(await examSittingsOrCached()).toEqual(week)
    // The copy is written beside the answer, not before it.
    await vi.waitFor(async () => expect((await examDb.cache.get('active-schedule'))?.sittings).toEqual(week))
    // An app from before several exams, open in another tab, still reads its one schedule.
    expect((await examDb.cache.get('active-schedule'))?.schedule).toEqual(week[0])

    offline()
    expect(await examSittingsOrCached()).toEqual(week)
  })

  it('reads the one schedule an app from before several exams stored as the one exam’s sitting', async () => {
    const schedule = { exam_name: 'Holdfast Assessment', start_time: 'a', end_time: 'b', duration_minutes: 30 }
    const before = new Dexie('holdfast-exam')
    before.version(1).stores({ attempts: 'id, loginCode, status', outbox: 'id, loginCode, state', cache: 'key' })
    await before.table('cache').put({ key: 'active-schedule', schedule, storedAt: 1 })
    before.close()

    offline()
    expect(await examSittingsOrCached()).toEqual([{ ...schedule, exam_id: '', exam: 'Holdfast Assessment', created_at: '' }])
  })

  it('fails as the server did when the device has seen nothing', async () => {
    offline()
    await expect(examSittingsOrCached()).rejects.toThrow('Failed to fetch')
  })
})
