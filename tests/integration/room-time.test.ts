import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient, stack } from './clients.ts'
import {
  attemptsEndedAfterEachTest,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  readCode,
  submitExamArgs,
  succeeded,
  withEveryAttemptOver,
  withSchedule,
  type Schedule,
} from './exam-data.ts'

/**
 * Issue 14, time for the whole room: add_time_for_everyone gives every student still writing the
 * current schedule N minutes (their codes' extra minutes, so their deadlines move), recorded with
 * who and when; room_time_students says how many it would reach.
 */

type Client = SupabaseClient<Database>
type Outcome = { outcome: string } & Record<string, unknown>

const anon = anonClient()
const service = serviceClient()
let admin: Client
let nonAdmin: Client
const { newCode } = loginCodesPerFile()

const started = attemptsEndedAfterEachTest()

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
})

async function start(code: string): Promise<string> {
  const attemptId = randomUUID()
  started.push(attemptId)
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' })) as Outcome
  expect(answer.outcome).toBe('ok')
  return attemptId
}

async function attempt(id: string): Promise<Tables<'exam_attempts'>> {
  return must(await service.from('exam_attempts').select('*').eq('id', id).single())
}

async function addTime(minutes: number): Promise<Outcome> {
  return must(await admin.rpc('add_time_for_everyone', { minutes })) as Outcome
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / minute

/** A window of its own, so only attempts started in the last minute are in the current schedule. */
const thisWindow = () => ({ start_time: isoFromNow(-minute), end_time: isoFromNow(2 * hour), duration_minutes: 60 })

/**
 * Runs `work` in a window of its own with every other attempt over meanwhile (another file's, started
 * in the last minute, would be in the window too): the room holds only the test's own students.
 */
function inARoomOfItsOwn<T>(work: (schedule: Schedule) => Promise<T>): Promise<T> {
  return withEveryAttemptOver(() => withSchedule(thisWindow(), work))
}

describe('add_time_for_everyone', () => {
  it('moves the deadline of every student still writing, counts them first, and records who and when', async () => {
    await inARoomOfItsOwn(async (schedule) => {
      const writing = await newCode()
      const accommodated = await newCode({ extra_minutes: 15 })
      const submitted = await newCode()
      const notStarted = await newCode()
      const writingAttempt = await start(writing)
      // Moved to a second device with the proctor's PIN (issue 26): both attempts' deadlines move.
      const { pin } = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: writingAttempt })) as { pin: string }
      const secondDevice = randomUUID()
      started.push(secondDevice)
      expect(must(await anon.rpc('resume_exam_attempt', { code: writing, pin, attempt_id: secondDevice }))).toMatchObject({
        outcome: 'ok',
      })
      const accommodatedAttempt = await start(accommodated)
      const submittedAttempt = await start(submitted)
      expect(must(await anon.rpc('submit_exam', submitExamArgs(submitted, { submission_id: submittedAttempt })))).toMatchObject({
        outcome: 'accepted',
      })
      const before = await Promise.all([writingAttempt, secondDevice, accommodatedAttempt, submittedAttempt].map(attempt))

      expect(must(await admin.rpc('room_time_students'))).toBe(2)
      expect(await addTime(10)).toEqual({ outcome: 'added', students: 2, minutes: 10 })

      const after = await Promise.all([writingAttempt, secondDevice, accommodatedAttempt, submittedAttempt].map(attempt))
      expect(after.map((row, i) => minutesBetween(before[i]!.deadline, row.deadline))).toEqual([10, 10, 10, 0])
      expect((await readCode(writing)).extra_minutes).toBe(10)
      expect((await readCode(accommodated)).extra_minutes).toBe(25)
      expect((await readCode(notStarted)).extra_minutes).toBe(0)

      const [record] = must(await admin.from('room_time_additions').select('*').eq('schedule_id', schedule.id).order('added_at'))
      expect(record).toMatchObject({ minutes: 10, added_by_email: stack.adminEmail })
      expect(record!.added_by).toMatch(/^[0-9a-f-]{36}$/)
      expect([...record!.login_codes].sort()).toEqual([writing, accommodated].sort())
      expect(Math.abs(Date.parse(record!.added_at) - Date.now())).toBeLessThan(minute)

      // A device learns it from its next report.
      const reported = must(
        await anon.rpc('report_exam_attempt', {
          attempt_id: secondDevice,
          code: writing,
          answered_count: 0,
          tab_switches: 0,
          state: 'in_progress',
          online: true,
          reported_at: isoFromNow(0),
        }),
      ) as Outcome
      expect(Date.parse(reported.deadline as string)).toBe(Date.parse(after[1]!.deadline))
    })
  })

  it('reaches nobody whose time is over, who queued a submission, or who started before the current window', async () => {
    await withEveryAttemptOver(async () => {
      const older = await newCode()
      const olderAttempt = await start(older)
      await withSchedule(thisWindow(), async () => {
        const timeOver = await newCode()
        const queued = await newCode()
        const timeOverAttempt = await start(timeOver)
        const queuedAttempt = await start(queued)
        succeeded(
          await service
            .from('exam_attempts')
            .update({ deadline: isoFromNow(-minute) })
            .eq('id', timeOverAttempt),
        )
        succeeded(await service.from('exam_attempts').update({ state: 'submitted_on_device' }).eq('id', queuedAttempt))
        succeeded(
          await service
            .from('exam_attempts')
            .update({ started_at: isoFromNow(-10 * minute) })
            .eq('id', olderAttempt),
        )
        expect(must(await admin.rpc('room_time_students'))).toBe(0)
        expect(await addTime(5)).toEqual({ outcome: 'nobody_writing', students: 0 })
        for (const code of [older, timeOver, queued]) expect((await readCode(code)).extra_minutes).toBe(0)
      })
    })
  })

  it.each([0, 181, -5])('refuses %s minutes, changing nothing', async (minutes) => {
    await inARoomOfItsOwn(async () => {
      const code = await newCode()
      await start(code)
      const { error, status } = await admin.rpc('add_time_for_everyone', { minutes })
      expect(status).toBe(400)
      expect(error?.code).toBe('22023')
      expect((await readCode(code)).extra_minutes).toBe(0)
    })
  })

  it('refuses the whole addition when it would take a student past 180 minutes of extra time', async () => {
    await inARoomOfItsOwn(async () => {
      const plain = await newCode()
      const accommodated = await newCode({ extra_minutes: 170 })
      await start(plain)
      await start(accommodated)
      const { error } = await admin.rpc('add_time_for_everyone', { minutes: 20 })
      expect(error?.message).toBe('a student would have more than 180 minutes of extra time')
      expect((await readCode(plain)).extra_minutes).toBe(0)
      expect((await readCode(accommodated)).extra_minutes).toBe(170)
    })
  })

  it('is for administrators only', async () => {
    for (const client of [anon, nonAdmin]) {
      expect((await client.rpc('add_time_for_everyone', { minutes: 5 })).error?.code).toMatch(/^42501$|^PGRST202$/)
      expect((await client.rpc('room_time_students')).error?.code).toMatch(/^42501$|^PGRST202$/)
      expect((await client.from('room_time_additions').select('*')).data ?? []).toEqual([])
    }
  })
})

describe('schedules shuffle by default', () => {
  it('makes a new schedule shuffle its questions and options unless told not to', async () => {
    await withSchedule(thisWindow(), async (schedule) => {
      expect(schedule).toMatchObject({ shuffle_questions: true, shuffle_options: true })
    })
  })
})
