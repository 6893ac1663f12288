import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile, type AnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import { answerFileRecoveryMessages, recoverSubmissionFromFile } from '../../src/lib/admin/answer-file-recovery.ts'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient } from './clients.ts'
import {
  answerKey,
  everyTable,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  randomCode,
  readCode,
  submissionsFor,
  submitExamArgs,
  succeeded,
  withNoSolutionsShownSince,
  withOnlySchedule,
  withSchedule,
} from './exam-data.ts'
import { subscribe } from './realtime-subscriptions.ts'

/**
 * Issue 8 on the server: exam_questions records each attempt's start and fixes its deadline,
 * devices report progress through report_exam_attempt, submit_exam judges lateness against
 * the server's deadline (extra minutes included), and an administrator recovers a submission
 * from an emergency answer file.
 */

type Client = SupabaseClient<Database>
type Attempt = Tables<'exam_attempts'>
type Outcome = { outcome: string } & Record<string, unknown>
type ReportArgs = Database['public']['Functions']['report_exam_attempt']['Args']

const anon = anonClient()
const service = serviceClient()
let admin: Client
let nonAdmin: Client
const { newCode } = loginCodesPerFile()

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
})

async function examQuestions(args: { code: string; attempt_id?: string; student_name?: string }): Promise<Outcome> {
  return must(await anon.rpc('exam_questions', args)) as Outcome
}

/** A device starting the exam: its attempt id, and what exam_questions answered. */
async function start(code: string, attemptId = randomUUID(), studentName = 'Ada Lovelace') {
  const answer = await examQuestions({ code, attempt_id: attemptId, student_name: studentName })
  expect(answer.outcome).toBe('ok')
  return { attemptId, answer, deadline: answer.deadline as string, key: answer.answer_file_key as string }
}

async function attempt(id: string): Promise<Attempt> {
  return must(await service.from('exam_attempts').select('*').eq('id', id).single())
}

async function attemptsOf(code: string): Promise<Attempt[]> {
  return must(await service.from('exam_attempts').select('*').eq('login_code', code).order('started_at'))
}

const shifted = (iso: string, ms: number) => new Date(Date.parse(iso) + ms).toISOString()

/** As if every attempt of the code had started `ms` earlier (the deadline moves with it). */
async function backdate(code: string, ms: number): Promise<Attempt[]> {
  for (const row of await attemptsOf(code)) {
    must(
      await service
        .from('exam_attempts')
        .update({ started_at: shifted(row.started_at, -ms), deadline: shifted(row.deadline, -ms) })
        .eq('id', row.id)
        .select(),
    )
  }
  return attemptsOf(code)
}

function reportArgs(attemptId: string, code: string, fields: Partial<ReportArgs> = {}): ReportArgs {
  return {
    attempt_id: attemptId,
    code,
    answered_count: 3,
    tab_switches: 1,
    state: 'in_progress',
    online: true,
    reported_at: isoFromNow(0),
    ...fields,
  }
}

async function report(args: ReportArgs): Promise<Outcome> {
  return must(await anon.rpc('report_exam_attempt', args)) as Outcome
}

async function submit(args: ReturnType<typeof submitExamArgs>): Promise<Outcome> {
  return must(await anon.rpc('submit_exam', args)) as Outcome
}

const minutesBetween = (from: string, to: string) => (Date.parse(to) - Date.parse(from)) / minute

describe('exam_questions records the start of each attempt', () => {
  it('stores the attempt and answers the server’s deadline and the code’s answer-file key', async () => {
    const code = await newCode()
    const { attemptId, answer, deadline, key } = await start(code, randomUUID(), '  Ada Lovelace ')
    const row = await attempt(attemptId)
    expect(row).toMatchObject({
      login_code: code,
      student_name: 'Ada Lovelace',
      question_count: (answer.questions as unknown[]).length,
      answered_count: 0,
      tab_switches: 0,
      state: 'in_progress',
    })
    // The seeded window is open for days: the full 30 minutes.
    expect(minutesBetween(row.started_at, row.deadline)).toBe(30)
    expect(Date.parse(deadline)).toBe(Date.parse(row.deadline))
    expect(answer).toMatchObject({ duration_minutes: 30, extra_minutes: 0 })
    expect(key).toMatch(/^[0-9a-f]{64}$/)
    expect((await start(await newCode())).key).not.toBe(key)
  })

  it('gives a restart the deadline of the first start and the same key; a second device while it writes, nothing (issue 26)', async () => {
    const code = await newCode()
    const first = await start(code)
    const [row] = await backdate(code, 10 * minute)
    const again = await start(code, first.attemptId)
    expect(Date.parse(again.deadline)).toBe(Date.parse(row!.deadline))
    expect(again.key).toBe(first.key)
    // Only a proctor's resume PIN moves it (attempt-move.test.ts).
    expect(await examQuestions({ code, attempt_id: randomUUID(), student_name: 'Ada Lovelace' })).toEqual({
      outcome: 'in_progress_elsewhere',
    })
    expect(await attemptsOf(code)).toHaveLength(1)
  })

  it('gives a later start, once no device writes the code, the deadline of the first start and the same key', async () => {
    const code = await newCode()
    const first = await start(code)
    const [row] = await backdate(code, 10 * minute)
    // The first device's submission refused (as a code_used race would): its attempt is no longer written.
    succeeded(await service.from('exam_attempts').update({ state: 'refused', refusal: 'exam_over' }).eq('id', first.attemptId))
    const second = await start(code)
    expect(await attemptsOf(code)).toHaveLength(2)
    expect(Date.parse(second.deadline)).toBe(Date.parse(row!.deadline))
    expect(second.key).toBe(first.key)
  })

  it('adds the code’s extra minutes to the full duration', async () => {
    const code = await newCode({ extra_minutes: 20 })
    const { attemptId, answer } = await start(code)
    const row = await attempt(attemptId)
    expect(minutesBetween(row.started_at, row.deadline)).toBe(50)
    expect(answer).toMatchObject({ duration_minutes: 30, extra_minutes: 20 })
  })

  it('caps the deadline at the window’s end, which the extra minutes move too', async () => {
    const code = await newCode({ extra_minutes: 20 })
    const plain = await newCode()
    await withSchedule(
      { start_time: isoFromNow(-hour), end_time: isoFromNow(10 * minute), duration_minutes: 30 },
      async (schedule) => {
        expect(Date.parse((await start(plain)).deadline)).toBe(Date.parse(schedule.end_time))
        expect(Date.parse((await start(code)).deadline)).toBe(Date.parse(schedule.end_time) + 20 * minute)
      },
    )
  })

  it('hands out questions after the window’s end to a code whose extra minutes still cover it', async () => {
    const plain = await newCode()
    const accommodated = await newCode({ extra_minutes: 30 })
    // No key of the sitting shown yet (any file's lookups show keys): after one was, no first start
    // is allowed past the window's end (security-late-submission).
    const opened = isoFromNow(-2 * hour)
    await withNoSolutionsShownSince(opened, () =>
      withOnlySchedule({ start_time: opened, end_time: isoFromNow(-10 * minute) }, async (schedule) => {
        expect(await examQuestions({ code: plain, attempt_id: randomUUID(), student_name: 'Ada Lovelace' })).toEqual({
          outcome: 'exam_closed',
        })
        expect(Date.parse((await start(accommodated)).deadline)).toBe(Date.parse(schedule.end_time) + 30 * minute)
      }),
    )
  })

  it('moves the deadline of a started attempt when extra minutes are given later, and back', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    const before = await attempt(attemptId)
    succeeded(await admin.from('login_codes').update({ extra_minutes: 25 }).eq('code', code))
    expect(minutesBetween(before.deadline, (await attempt(attemptId)).deadline)).toBe(25)
    succeeded(await admin.from('login_codes').update({ extra_minutes: 5 }).eq('code', code))
    expect(minutesBetween(before.deadline, (await attempt(attemptId)).deadline)).toBe(5)
  })

  it.each([-1, 181])('refuses %i extra minutes', async (extraMinutes) => {
    const code = await newCode()
    const { error } = await admin.from('login_codes').update({ extra_minutes: extraMinutes }).eq('code', code)
    expect(error?.code).toBe('23514')
    expect((await readCode(code)).extra_minutes).toBe(0)
  })

  it('refuses an attempt id of another code, and a name that is no name, changing nothing', async () => {
    const code = await newCode()
    const other = await newCode()
    const { attemptId } = await start(code)
    const tables = await everyTable()
    for (const args of [
      { code: other, attempt_id: attemptId, student_name: 'Ada Lovelace' },
      { code: other, attempt_id: randomUUID(), student_name: 'x'.repeat(201) },
      { code: other, attempt_id: randomUUID(), student_name: ' A ' },
    ]) {
      const { error, status } = await anon.rpc('exam_questions', args)
      expect(status, JSON.stringify(args).slice(0, 80)).toBe(400)
      expect(error?.code).toBe('22023')
    }
    expect(await everyTable()).toEqual(tables)
  })

  it('hands out no questions once the code’s time is over: an empty auto-submit would take the code from the waiting answers', async () => {
    const code = await newCode()
    await start(code)
    await backdate(code, 32 * minute + 30_000)
    const tables = await everyTable()
    expect(await examQuestions({ code, attempt_id: randomUUID(), student_name: 'Ada Lovelace' })).toEqual({
      outcome: 'time_over',
    })
    expect(await everyTable()).toEqual(tables)
  })

  it('keeps at most 20 attempts of a code: a further start shares the first one’s row and deadline', async () => {
    const code = await newCode()
    // Each start after its predecessor stopped being written (a refused submission), as only then
    // may another device start the code (issue 26).
    const refused = async <T extends { attemptId: string }>(started: T): Promise<T> => {
      succeeded(
        await service.from('exam_attempts').update({ state: 'refused', refusal: 'exam_over' }).eq('id', started.attemptId),
      )
      return started
    }
    const first = await refused(await start(code))
    for (let i = 1; i < 20; i++) await refused(await start(code))
    const later = await start(code)
    const rows = await attemptsOf(code)
    expect(rows).toHaveLength(20)
    expect(rows.map((row) => row.id)).not.toContain(later.attemptId)
    expect(later.deadline).toBe(first.deadline)
  })

  it('still records the start for an app that sends no attempt id, once per code', async () => {
    const code = await newCode()
    expect((await examQuestions({ code })).outcome).toBe('ok')
    // Asked again without an id, it cannot prove it is that device: written elsewhere (issue 26).
    expect((await examQuestions({ code })).outcome).toBe('in_progress_elsewhere')
    const rows = await attemptsOf(code)
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ student_name: null, state: 'in_progress' })
  })
})

describe('report_exam_attempt', () => {
  it('records the device’s progress and answers the deadline', async () => {
    const code = await newCode()
    const { attemptId, deadline } = await start(code)
    const startedRow = await attempt(attemptId)
    const answer = await report(reportArgs(attemptId, code.toLowerCase(), { answered_count: 2, tab_switches: 4, online: false }))
    expect(answer).toMatchObject({ outcome: 'ok' })
    expect(Date.parse(answer.deadline as string)).toBe(Date.parse(deadline))
    const row = await attempt(attemptId)
    expect(row).toMatchObject({ answered_count: 2, tab_switches: 4, client_online: false, state: 'in_progress' })
    expect(Date.parse(row.last_seen)).toBeGreaterThanOrEqual(Date.parse(startedRow.last_seen))
    expect(row.reported_at).not.toBeNull()
  })

  it('answers a deadline moved by extra minutes, so the device learns of them', async () => {
    const code = await newCode()
    const { attemptId, deadline } = await start(code)
    succeeded(await admin.from('login_codes').update({ extra_minutes: 15 }).eq('code', code))
    const answer = await report(reportArgs(attemptId, code))
    expect(Date.parse(answer.deadline as string)).toBe(Date.parse(deadline) + 15 * minute)
  })

  it('keeps a later report when an older one arrives after it, noting only that the device was seen', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(reportArgs(attemptId, code, { answered_count: 5, reported_at: isoFromNow(0) }))
    const newer = await attempt(attemptId)
    await report(reportArgs(attemptId, code, { answered_count: 2, tab_switches: 0, reported_at: isoFromNow(-minute) }))
    const after = await attempt(attemptId)
    expect(after).toEqual({ ...newer, last_seen: after.last_seen })
    expect(Date.parse(after.last_seen)).toBeGreaterThanOrEqual(Date.parse(newer.last_seen))
  })

  it('never takes back a tab switch: a report with fewer keeps the count, and the submission stores the higher one', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(reportArgs(attemptId, code, { tab_switches: 6, reported_at: isoFromNow(-minute) }))
    expect(await report(reportArgs(attemptId, code, { answered_count: 2, tab_switches: 0 }))).toMatchObject({ outcome: 'ok' })
    expect(await attempt(attemptId)).toMatchObject({ answered_count: 2, tab_switches: 6 })
    expect((await submit(submitExamArgs(code, { submission_id: attemptId, tab_switches: 2 }))).outcome).toBe('accepted')
    expect((await submissionsFor(code))[0]?.tab_switches).toBe(6)
    expect((await attempt(attemptId)).tab_switches).toBe(6)
  })

  it('never takes back a queued submission, and leaves a received one as the server stored it', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(reportArgs(attemptId, code, { state: 'submitted_on_device' }))
    await report(reportArgs(attemptId, code, { state: 'in_progress', reported_at: isoFromNow(minute) }))
    expect((await attempt(attemptId)).state).toBe('submitted_on_device')
    const args = submitExamArgs(code, { submission_id: attemptId, answers: { '1': 'A', '2': 'B' }, tab_switches: 7 })
    expect((await submit(args)).outcome).toBe('accepted')
    expect(await attempt(attemptId)).toMatchObject({ state: 'received', answered_count: 2, tab_switches: 7 })
    expect(await report(reportArgs(attemptId, code, { answered_count: 0, tab_switches: 0 }))).toMatchObject({ outcome: 'ok' })
    expect(await attempt(attemptId)).toMatchObject({ state: 'received', answered_count: 2, tab_switches: 7 })
  })

  it.each<[string, Partial<ReportArgs>]>([
    ['a negative answered count', { answered_count: -1 }],
    ['more answers than the attempt has questions', { answered_count: 10_001 }],
    ['a negative tab-switch count', { tab_switches: -1 }],
    ['more than 100,000 tab switches', { tab_switches: 100_001 }],
    ['the state only the server sets', { state: 'received' }],
    ['an unknown state', { state: 'finished' }],
    ['no online flag', { online: null as unknown as boolean }],
  ])('refuses %s with 400, changing nothing', async (_name, fields) => {
    const code = await newCode()
    const { attemptId } = await start(code)
    const tables = await everyTable()
    const { error, status } = await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, fields))
    expect(status).toBe(400)
    expect(error?.code).toBe('22023')
    expect(await everyTable()).toEqual(tables)
  })

  it('refuses the answered count of a short exam that is above its question count', async () => {
    const code = await newCode()
    const { attemptId, answer } = await start(code)
    const questionCount = (answer.questions as unknown[]).length
    expect(
      (await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, { answered_count: questionCount + 1 }))).status,
    ).toBe(400)
    expect(await report(reportArgs(attemptId, code, { answered_count: questionCount }))).toMatchObject({ outcome: 'ok' })
  })

  it('answers invalid for another student’s attempt, an unknown attempt or an unknown code, changing nothing', async () => {
    const mine = await newCode()
    const theirs = await newCode()
    const { attemptId } = await start(theirs)
    const tables = await everyTable()
    expect(await report(reportArgs(attemptId, mine))).toEqual({ outcome: 'invalid' })
    expect(await report(reportArgs(randomUUID(), mine))).toEqual({ outcome: 'invalid' })
    expect(await report(reportArgs(attemptId, randomCode()))).toEqual({ outcome: 'invalid' })
    expect(await everyTable()).toEqual(tables)
  })

  it('answers exam_closed for a report made after the deadline plus 2 minutes, later for a code with extra minutes', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    const [row] = await backdate(code, 40 * minute)
    expect(await report(reportArgs(attemptId, code))).toEqual({ outcome: 'exam_closed' })
    expect(await attempt(attemptId)).toEqual(row)
    succeeded(await admin.from('login_codes').update({ extra_minutes: 60 }).eq('code', code))
    expect(await report(reportArgs(attemptId, code))).toMatchObject({ outcome: 'ok' })
  })

  it('accepts a report made before the deadline that arrives after it, as from a device back online', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    const [row] = await backdate(code, 40 * minute)
    const made = reportArgs(attemptId, code, { state: 'submitted_on_device', reported_at: shifted(row!.deadline, -1000) })
    expect(await report(made)).toMatchObject({ outcome: 'ok' })
    expect((await attempt(attemptId)).state).toBe('submitted_on_device')
  })

  it.each<[string, { start_time: string; end_time: string }]>([
    ['has closed', { start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-30 * minute) }],
    ['has not opened yet', { start_time: isoFromNow(hour), end_time: isoFromNow(2 * hour) }],
  ])('judges a report by its attempt’s deadline when a newer schedule that %s is active', async (_name, window) => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await withSchedule(window, async () => {
      expect(await report(reportArgs(attemptId, code, { answered_count: 4 }))).toMatchObject({ outcome: 'ok' })
      expect((await attempt(attemptId)).answered_count).toBe(4)
    })
  })

  it('reaches administrators live, and never an anonymous socket', async () => {
    const code = await newCode()
    const adminView = await subscribe(admin, [{ event: '*', table: 'exam_attempts', filter: `login_code=eq.${code}` }])
    // An anonymous socket is refused its channel (and closed): students never use Realtime.
    const anon = anonClient()
    await expect(subscribe(anon, [{ event: '*', table: 'exam_attempts' }])).rejects.toThrow(
      'Unauthorized: Realtime is only for signed-in users',
    )
    try {
      const { attemptId } = await start(code)
      await report(reportArgs(attemptId, code, { answered_count: 4 }))
      const update = await adminView.changes.waitFor((c) => c.change.eventType === 'UPDATE', 'the report')
      expect(update.change.new).toMatchObject({ id: attemptId, answered_count: 4 })
      expect(adminView.changes.items.map((c) => c.change.eventType)).toEqual(['INSERT', 'UPDATE'])
    } finally {
      await admin.removeChannel(adminView.channel)
      await anon.removeAllChannels()
    }
  })
})

describe('submit_exam against the server’s deadline', () => {
  /** A started attempt as if begun `ageMs` ago, and the deadline the server holds for it. */
  async function startedAgo(ageMs: number, extraMinutes = 0) {
    const code = await newCode({ extra_minutes: extraMinutes })
    const { attemptId } = await start(code)
    const [row] = await backdate(code, ageMs)
    return {
      code,
      attemptId,
      row: row!,
      submission: (fields: Parameters<typeof submitExamArgs>[1] = {}) =>
        submitExamArgs(code, { submission_id: attemptId, started_at: row!.started_at, ...fields }),
    }
  }

  it('accepts a submission made before the deadline that arrives hours later, as from a device offline at the deadline', async () => {
    // A window open since the morning, so a start 3 hours ago was inside it.
    await withSchedule({ start_time: isoFromNow(-5 * hour), end_time: isoFromNow(hour) }, async () => {
      const { code, attemptId, row, submission } = await startedAgo(3 * hour)
      const receipt = await submit(submission({ submitted_at: shifted(row.deadline, -1000) }))
      expect(receipt).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
      const [stored] = await submissionsFor(code)
      expect(Date.parse(stored!.submitted_at)).toBe(Date.parse(row.deadline) - 1000)
      expect(Date.parse(stored!.received_at) - Date.parse(row.deadline)).toBeGreaterThan(2 * hour)
      expect(stored!.arrived_late).toBe(true)
      expect((await attempt(attemptId)).state).toBe('received')
    })
  })

  it('accepts a submission stamped within the 2 minutes of grace after the deadline, marked late when it arrives later', async () => {
    const { code, row, submission } = await startedAgo(40 * minute)
    expect((await submit(submission({ submitted_at: shifted(row.deadline, 2 * minute - 1000) }))).outcome).toBe('accepted')
    expect((await submissionsFor(code))[0]?.arrived_late).toBe(true)
  })

  it('does not mark late a submission arriving within the 2 minutes of grace after the deadline', async () => {
    const { code, row, submission } = await startedAgo(31 * minute)
    expect((await submit(submission({ submitted_at: shifted(row.deadline, -1000) }))).outcome).toBe('accepted')
    expect((await submissionsFor(code))[0]?.arrived_late).toBe(false)

    const onTime = await startedAgo(10 * minute)
    expect((await submit(onTime.submission({ submitted_at: isoFromNow(-minute) }))).outcome).toBe('accepted')
    expect((await submissionsFor(onTime.code))[0]?.arrived_late).toBe(false)
  })

  it.each<[string, { start_time: string; end_time: string }]>([
    ['has closed', { start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-30 * minute) }],
    ['has not opened yet', { start_time: isoFromNow(hour), end_time: isoFromNow(2 * hour) }],
  ])('judges a started code by its own deadline alone when a newer schedule that %s is active', async (_name, window) => {
    // Started 40 minutes ago under the seeded window: its deadline passed 10 minutes ago.
    const { code, row, submission } = await startedAgo(40 * minute)
    await withSchedule(window, async () => {
      expect(await submit(submission({ submitted_at: shifted(row.deadline, 2 * minute + 1000) }))).toEqual({
        outcome: 'exam_over',
      })
      expect(await submit(submission({ submitted_at: shifted(row.deadline, -1000) }))).toMatchObject({ outcome: 'accepted' })
      expect((await submissionsFor(code))[0]?.arrived_late).toBe(true)
    })
  })

  it.each<[string, (row: Attempt) => string]>([
    ['after the deadline plus 2 minutes', (row) => shifted(row.deadline, 2 * minute + 1000)],
    ['before the exam started', (row) => shifted(row.started_at, -3 * minute)],
    ['in the future, pulled back to its arrival long after the deadline', () => isoFromNow(hour)],
  ])('refuses a submission stamped %s, and leaves the code unused, its attempt marked refused', async (_name, stamp) => {
    const { code, attemptId, row, submission } = await startedAgo(40 * minute)
    const { exam_attempts: attemptsBefore, ...othersBefore } = await everyTable()
    expect(await submit(submission({ submitted_at: stamp(row) }))).toEqual({ outcome: 'exam_over' })
    const { exam_attempts: attemptsAfter, ...othersAfter } = await everyTable()
    expect(othersAfter).toEqual(othersBefore)
    expect(attemptsAfter).toEqual(
      attemptsBefore.map((before) => (before.id === attemptId ? { ...before, state: 'refused', refusal: 'exam_over' } : before)),
    )
    expect((await readCode(code)).is_used).toBe(false)
  })

  it('extends its deadline check by the code’s extra minutes, given before the exam or during it', async () => {
    const late = await startedAgo(40 * minute)
    const args = late.submission({ submitted_at: isoFromNow(-minute) })
    expect(await submit(args)).toEqual({ outcome: 'exam_over' })
    succeeded(await admin.from('login_codes').update({ extra_minutes: 15 }).eq('code', late.code))
    expect(await submit(args)).toMatchObject({ outcome: 'accepted' })

    const accommodated = await startedAgo(40 * minute, 15)
    expect(await submit(accommodated.submission({ submitted_at: isoFromNow(-minute) }))).toMatchObject({ outcome: 'accepted' })
  })

  it('judges by the window’s end moved by the extra minutes', async () => {
    // Both started 5 minutes before the window's end, which caps the deadline, 15 minutes ago.
    const plain = await newCode()
    const accommodated = await newCode({ extra_minutes: 30 })
    await withSchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(5 * minute) }, async () => {
      for (const code of [plain, accommodated]) {
        await start(code)
        await backdate(code, 15 * minute)
      }
      const stamp = { submitted_at: isoFromNow(-minute), started_at: isoFromNow(-20 * minute) }
      expect(await submit(submitExamArgs(plain, stamp))).toEqual({ outcome: 'exam_over' })
      expect(await submit(submitExamArgs(accommodated, stamp))).toMatchObject({ outcome: 'accepted' })
    })
  })
})

describe('recover_submission_from_file', () => {
  /**
   * An exam started on a device and finished there, its answers reported to the server in time:
   * its answer file, made as the completion screen makes it.
   */
  async function answerFile(fields: Partial<ExamSubmission> = {}, code?: string): Promise<AnswerFile> {
    const loginCode = code ?? (await newCode())
    const { attemptId, key } = await start(loginCode, randomUUID(), 'Zoë Ødegaard')
    const submission = {
      ...submitExamArgs(loginCode, {
        submission_id: attemptId,
        student_name: 'Zoë Ødegaard',
        started_at: isoFromNow(-10 * minute),
      }),
      ...fields,
    } as ExamSubmission
    await report(reportArgs(attemptId, loginCode, { answers: submission.answers }))
    return buildAnswerFile(submission, key)
  }

  async function recover(file: unknown, client: Client = admin): Promise<Outcome> {
    return must(await client.rpc('recover_submission_from_file', { file: file as never })) as Outcome
  }

  it('records the submission once, scored on the server and marked recovered from file', async () => {
    const file = await answerFile({ answers: { '1': 'C', '2': 'A', '3': 'A' }, tab_switches: 5 })
    const key = await answerKey()
    const receipt = await recover(file)
    const expectedScore = ['1', '2', '3'].filter((n) => key.get(Number(n)) === file.answers[n]).length
    expect(receipt).toMatchObject({
      outcome: 'accepted',
      submission_id: file.submission_id,
      score: expectedScore,
      already_received: false,
    })
    const [stored, ...others] = await submissionsFor(file.login_code)
    expect(others).toEqual([])
    expect(stored).toMatchObject({
      id: file.submission_id,
      student_name: 'Zoë Ødegaard',
      answers: file.answers,
      tab_switches: 5,
      recovered_from_file: true,
    })
    expect(await readCode(file.login_code)).toMatchObject({ is_used: true, used_by: 'Zoë Ødegaard' })
    expect((await attempt(file.submission_id)).state).toBe('received')
  })

  it('changes nothing for a file uploaded again, or for a submission the device had already sent', async () => {
    const file = await answerFile()
    expect((await recover(file)).already_received).toBe(false)
    const tables = await everyTable()
    expect(await recover(file)).toMatchObject({ outcome: 'accepted', already_received: true })
    expect(await everyTable()).toEqual(tables)

    const sent = await answerFile()
    const { format: _format, version: _version, tag: _tag, login_code, ...rest } = sent
    expect((await submit({ ...rest, code: login_code }))?.outcome).toBe('accepted')
    const afterSend = await everyTable()
    expect(await recover(sent)).toMatchObject({ outcome: 'accepted', already_received: true })
    expect(await everyTable()).toEqual(afterSend)
    expect((await submissionsFor(login_code))[0]?.recovered_from_file).toBe(false)
  })

  it.each<[string, (file: AnswerFile) => unknown]>([
    ['an answer changed', (file) => ({ ...file, answers: { ...file.answers, '1': file.answers['1'] === 'A' ? 'B' : 'A' } })],
    ['an answer added', (file) => ({ ...file, answers: { ...file.answers, '4': 'D' } })],
    ['the name changed', (file) => ({ ...file, student_name: 'Zoe Odegaard' })],
    ['fewer tab switches', (file) => ({ ...file, tab_switches: 0 })],
    ['an earlier submission time', (file) => ({ ...file, submitted_at: isoFromNow(-9 * minute) })],
    ['the tag of another file', (file) => ({ ...file, tag: file.tag.replace(/^./, (c) => (c === '0' ? '1' : '0')) })],
  ])('refuses a file with %s as bad_tag, changing nothing', async (_name, tamper) => {
    const file = await answerFile()
    const tables = await everyTable()
    expect(await recover(tamper(file))).toEqual({ outcome: 'bad_tag' })
    expect(await everyTable()).toEqual(tables)
  })

  it('refuses a file made with another code’s key as bad_tag', async () => {
    const code = await newCode()
    const other = await start(await newCode())
    const file = await answerFile({}, code)
    const { tag: _tag, format: _format, version: _version, login_code, ...rest } = file
    const forged = buildAnswerFile({ ...rest, code: login_code }, other.key)
    expect(await recover(forged)).toEqual({ outcome: 'bad_tag' })
    expect(await submissionsFor(code)).toEqual([])
  })

  it('refuses a file for a code that does not exist as unknown_code', async () => {
    const file = await answerFile()
    const tables = await everyTable()
    expect(await recover({ ...file, login_code: randomCode() })).toEqual({ outcome: 'unknown_code' })
    expect(await everyTable()).toEqual(tables)
  })

  it.each<[string, (file: AnswerFile) => unknown]>([
    ['a list instead of an object', (file) => [file]],
    ['another format', (file) => ({ ...file, format: 'csv' })],
    ['another version', (file) => ({ ...file, version: 2 })],
    ['no tag', ({ tag: _tag, ...file }) => file],
    ['a short tag', (file) => ({ ...file, tag: file.tag.slice(2) })],
    ['a lower-case code', (file) => ({ ...file, login_code: file.login_code.toLowerCase() })],
    ['a submission id that is no uuid', (file) => ({ ...file, submission_id: 'x' })],
    ['answers as a list', (file) => ({ ...file, answers: ['A'] })],
    ['an answer E', (file) => ({ ...file, answers: { '1': 'E' } })],
    ['a question number 0', (file) => ({ ...file, answers: { '0': 'A' } })],
    ['a negative tab-switch count', (file) => ({ ...file, tab_switches: -1 })],
    ['a tab-switch count as text', (file) => ({ ...file, tab_switches: '1' })],
    ['a fractional time taken', (file) => ({ ...file, time_taken: 1.5 })],
    ['a time taken over a day', (file) => ({ ...file, time_taken: 86_401 })],
    ['a month 13', (file) => ({ ...file, started_at: '2026-13-01T09:00:00.000Z' })],
    ['a time given as a word', (file) => ({ ...file, submitted_at: 'now' })],
    ['a one-letter name', (file) => ({ ...file, student_name: 'A' })],
  ])('refuses %s as malformed, changing nothing', async (_name, damage) => {
    const file = await answerFile()
    const tables = await everyTable()
    expect(await recover(damage(file))).toEqual({ outcome: 'malformed' })
    expect(await everyTable()).toEqual(tables)
  })

  // Before check_submission_arguments, which refuses such a number with a raw error (the file of a
  // submission already received goes to it with its own answers): the Proctor Room says malformed.
  it.each(['51', '9999'])(
    'refuses a well-tagged file answering question %s, for a submission already received, as malformed',
    async (questionNumber) => {
      const code = await newCode()
      const { attemptId, key } = await start(code)
      const sent = submitExamArgs(code, { submission_id: attemptId })
      expect((await submit(sent)).outcome).toBe('accepted')
      const file = buildAnswerFile({ ...sent, answers: { [questionNumber]: 'A' } } as ExamSubmission, key)
      const tables = await everyTable()
      expect(await recover(file)).toEqual({ outcome: 'malformed' })
      expect(await everyTable()).toEqual(tables)
    },
  )

  it('refuses a file for a code already used by another submission as code_used', async () => {
    const file = await answerFile()
    expect((await submit(submitExamArgs(file.login_code))).outcome).toBe('accepted')
    const tables = await everyTable()
    expect(await recover(file)).toEqual({ outcome: 'code_used' })
    expect(await everyTable()).toEqual(tables)
  })

  it('judges a file by the same deadline as a submission', async () => {
    const code = await newCode()
    const file = await answerFile({}, code)
    await backdate(code, 3 * hour)
    expect(await recover(file)).toEqual({ outcome: 'exam_over' })
    expect(await submissionsFor(code)).toEqual([])
  })

  it('accepts a file made before the deadline after a newer schedule has become active, marked late', async () => {
    const code = await newCode()
    // Made 11 minutes ago by an attempt started 40 minutes ago, so 1 minute before its deadline.
    const file = await answerFile({ submitted_at: isoFromNow(-11 * minute) }, code)
    await backdate(code, 40 * minute)
    await withSchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-30 * minute) }, async () => {
      expect(await recover(file)).toMatchObject({ outcome: 'accepted', already_received: false })
    })
    expect((await submissionsFor(code))[0]).toMatchObject({ recovered_from_file: true, arrived_late: true })
  })

  it('is for administrators only', async () => {
    const file = await answerFile()
    const tables = await everyTable()
    const fromAnon = await anon.rpc('recover_submission_from_file', { file: file as never })
    expect(fromAnon.error?.code).toBe('42501')
    const fromUser = await nonAdmin.rpc('recover_submission_from_file', { file: file as never })
    expect(fromUser.error).toMatchObject({
      code: '42501',
      message: 'only administrators can recover submissions from answer files',
    })
    expect(await everyTable()).toEqual(tables)
  })

  it('gives the administrator a clear message for each outcome through the app’s call', async () => {
    const file = await answerFile()
    const text = JSON.stringify(file, null, 2)
    const checked =
      'The file is well formed and was made for this code. 3 of 3 answers in the file match what the device reported to the server at '
    const accepted = await recoverSubmissionFromFile(admin, text)
    expect(accepted).toMatchObject({
      ok: true,
      data: expect.stringContaining(`${answerFileRecoveryMessages.accepted} ${checked}`),
    })
    expect(accepted).toMatchObject({ ok: true, data: expect.stringMatching(/, in time; all were counted\.$/) })
    expect(await recoverSubmissionFromFile(admin, text)).toMatchObject({
      ok: true,
      data: expect.stringContaining(`${answerFileRecoveryMessages.already_received} ${checked}`),
    })
    const unreported = await answerFile({ answers: { '1': 'D' } })
    succeeded(await service.from('exam_attempts').update({ reported_answers: null }).eq('id', unreported.submission_id))
    expect(await recoverSubmissionFromFile(admin, JSON.stringify(unreported))).toEqual({
      ok: false,
      error: answerFileRecoveryMessages.not_reported,
    })
    const tampered = JSON.stringify({ ...(await answerFile()), tab_switches: 0 })
    expect(await recoverSubmissionFromFile(admin, tampered)).toEqual({ ok: false, error: answerFileRecoveryMessages.bad_tag })
    expect(await recoverSubmissionFromFile(admin, '{"format": "holdfast-answer-file", ')).toEqual({
      ok: false,
      error: answerFileRecoveryMessages.malformed,
    })
    expect(await recoverSubmissionFromFile(admin, JSON.stringify({ ...file, login_code: randomCode() }))).toEqual({
      ok: false,
      error: answerFileRecoveryMessages.unknown_code,
    })
  })
})

describe('the proctor room sees refused submissions and storage that is not persistent', () => {
  /** The attempt as the proctor room reads it: the function takes no filter, so its pages are searched. */
  async function liveAttempt(attemptId: string) {
    const pageSize = 1000
    for (let from = 0; ; from += pageSize) {
      const rows = must(await admin.rpc('admin_live_attempts').range(from, from + pageSize - 1))
      const found = rows.find((row) => row.id === attemptId)
      if (found) return found
      if (rows.length < pageSize) throw new Error(`attempt ${attemptId} is not in the proctor room`)
    }
  }

  it('shows an attempt whose submission came for a code already used as refused with code_used, whatever it reports later', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    // Another submission took the code without passing by this attempt (as one recorded before it started would).
    succeeded(
      await service
        .from('login_codes')
        .update({ is_used: true, used_by: 'Grace Hopper', used_at: isoFromNow(0) })
        .eq('code', code),
    )
    await report(reportArgs(attemptId, code, { state: 'submitted_on_device' }))

    expect(await submit(submitExamArgs(code, { submission_id: attemptId }))).toEqual({ outcome: 'code_used' })
    expect(await liveAttempt(attemptId)).toMatchObject({ state: 'refused', refusal: 'code_used', status: 'refused' })
    expect(must(await admin.rpc('admin_live_attempt_counts'))).toMatchObject({ refused: expect.any(Number) })

    const { last_seen } = await attempt(attemptId)
    const later = reportArgs(attemptId, code, { state: 'in_progress', answered_count: 0, reported_at: isoFromNow(minute) })
    expect(await report(later)).toMatchObject({ outcome: 'ok' })
    const reported = await liveAttempt(attemptId)
    expect(reported).toMatchObject({ state: 'refused', refusal: 'code_used', status: 'refused', answered_count: 3 })
    expect(Date.parse(reported.last_seen)).toBeGreaterThanOrEqual(Date.parse(last_seen))
  })

  it('marks only the attempt of the submission’s own code, and never one whose submission is in', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    expect((await submit(submitExamArgs(code, { submission_id: attemptId }))).outcome).toBe('accepted')
    expect(await submit(submitExamArgs(code, { submission_id: attemptId }))).toMatchObject({ outcome: 'accepted' })
    expect(await submit(submitExamArgs(code))).toEqual({ outcome: 'code_used' })
    expect(await attempt(attemptId)).toMatchObject({ state: 'received', refusal: null })

    const used = await newCode({ is_used: true, used_by: 'Earlier Student', used_at: isoFromNow(-hour) })
    const other = await start(await newCode())
    expect(await submit(submitExamArgs(used, { submission_id: other.attemptId }))).toEqual({ outcome: 'code_used' })
    expect(await attempt(other.attemptId)).toMatchObject({ state: 'in_progress', refusal: null })
  })

  it('shows whether the device’s storage is persistent; a report that does not say leaves it as it was', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    expect((await liveAttempt(attemptId)).storage_persistent).toBeNull()

    expect(await report(reportArgs(attemptId, code, { storage_persistent: false }))).toMatchObject({ outcome: 'ok' })
    expect(await liveAttempt(attemptId)).toMatchObject({ storage_persistent: false, status: 'on_track' })

    expect(await report(reportArgs(attemptId, code, { reported_at: isoFromNow(1000) }))).toMatchObject({ outcome: 'ok' })
    expect((await liveAttempt(attemptId)).storage_persistent).toBe(false)

    expect(await report(reportArgs(attemptId, code, { storage_persistent: true, reported_at: isoFromNow(2000) }))).toMatchObject({
      outcome: 'ok',
    })
    expect((await liveAttempt(attemptId)).storage_persistent).toBe(true)
  })
})
