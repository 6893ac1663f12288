import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Tables, TablesInsert } from '../../src/lib/api/database.types.ts'
import { anonClient, adminClient, nonAdminClient, serviceClient, type Client } from './clients.ts'
import { isoFromNow, minute, must, randomCode, succeeded } from './exam-data.ts'

/**
 * Issue 28, the Proctor Room for a room, in SQL: a proctor's seat and note on an attempt
 * (public.note_attempt, public.attempt_notes), the room's orders (public.admin_live_attempts'
 * order_by) and the figures a room outage is decided from (public.admin_live_attempt_counts).
 * Each test's attempts belong to an exam of its own (made by the service role, deleted with its
 * rows after the file), so no other file's attempts count here.
 */

const service = serviceClient()
const anon = anonClient()
let admin: Client
let nonAdmin: Client
const madeExams: string[] = []

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
})

afterAll(async () => {
  if (madeExams.length === 0) return
  // The exam's codes, attempts and their notes go with it.
  succeeded(await service.from('exams').delete().in('id', madeExams))
  expect(must(await service.from('login_codes').select('id').in('exam_id', madeExams))).toEqual([])
})

async function newExam(): Promise<string> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Notes ${randomUUID().slice(0, 8)}` })
      .select()
      .single(),
  )
  madeExams.push(exam.id)
  return exam.id
}

type Attempt = Tables<'exam_attempts'>

/** An attempt of a new code of `examId`, in progress and last heard from `silentMs` ago unless `fields` say otherwise. */
async function addAttempt(
  examId: string,
  studentName: string | null,
  silentMs = 0,
  fields: Partial<TablesInsert<'exam_attempts'>> = {},
): Promise<Attempt> {
  const { code } = must(await service.from('login_codes').insert({ code: randomCode(), exam_id: examId }).select().single())
  return must(
    await service
      .from('exam_attempts')
      .insert({
        id: randomUUID(),
        login_code: code,
        exam_id: examId,
        student_name: studentName,
        started_at: isoFromNow(-10 * minute),
        deadline: isoFromNow(20 * minute),
        question_count: 10,
        last_seen: isoFromNow(-silentMs),
        ...fields,
      })
      .select()
      .single(),
  )
}

const rows = async (examId: string, orderBy?: string) =>
  must(await admin.rpc('admin_live_attempts', { exam_id: examId, order_by: orderBy }))

describe('a proctor’s note on an attempt', () => {
  it('is saved, shown on the attempt’s row, replaced, removed when blank, and each save logged', async () => {
    const examId = await newExam()
    const attempt = await addAttempt(examId, 'Grace Hopper')
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: ' 12 ', p_note: 'Moved to spare laptop' }))
    // The note travels with the row's rarer marks, absent from a plain row.
    expect((await rows(examId))[0]).toMatchObject({ id: attempt.id, marks: { seat: '12', note: 'Moved to spare laptop' } })
    expect(must(await service.from('attempt_notes').select('*').eq('attempt_id', attempt.id).single())).toMatchObject({
      seat: '12',
      note: 'Moved to spare laptop',
      noted_by: 'admin@holdfast.test',
    })

    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: '', p_note: 'Left for 5 minutes' }))
    expect((await rows(examId))[0]?.marks).toEqual({ note: 'Left for 5 minutes' })
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: ' ', p_note: '' }))
    expect((await rows(examId))[0]?.marks).toBeNull()
    expect(must(await service.from('attempt_notes').select('attempt_id').eq('attempt_id', attempt.id))).toEqual([])

    const logged = must(
      await service
        .from('audit_log')
        .select('action, subject, details, exam_id, actor')
        .eq('action', 'attempt_noted')
        .eq('subject', attempt.login_code)
        .order('id'),
    )
    expect(logged.map((entry) => entry.details)).toEqual([
      { attempt_id: attempt.id, student_name: 'Grace Hopper', seat: '12', note: 'Moved to spare laptop' },
      { attempt_id: attempt.id, student_name: 'Grace Hopper', seat: null, note: 'Left for 5 minutes' },
      { attempt_id: attempt.id, student_name: 'Grace Hopper', seat: null, note: null },
    ])
    expect(logged.every((entry) => entry.exam_id === examId && entry.actor === 'admin@holdfast.test')).toBe(true)
  })

  it('refuses a seat over 20 characters, a note over 500 and an attempt that does not exist, saving nothing', async () => {
    const examId = await newExam()
    const attempt = await addAttempt(examId, 'Alan Turing')
    const refused = async (seat: string, note: string, attemptId = attempt.id) => {
      const { error } = await admin.rpc('note_attempt', { p_attempt_id: attemptId, p_seat: seat, p_note: note })
      return error?.code
    }
    expect(await refused('x'.repeat(21), '')).toBe('22023')
    expect(await refused('', 'x'.repeat(501))).toBe('22023')
    expect(await refused('1', 'n', randomUUID())).toBe('22023')
    expect(must(await service.from('attempt_notes').select('attempt_id').eq('attempt_id', attempt.id))).toEqual([])
    // The longest allowed pass.
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: 's'.repeat(20), p_note: 'n'.repeat(500) }))
    expect((await rows(examId))[0]?.marks).toEqual({ seat: 's'.repeat(20), note: 'n'.repeat(500) })
  })

  it('is written by administrators only, through the function, and read by administrators only', async () => {
    const examId = await newExam()
    const attempt = await addAttempt(examId, 'Ada Lovelace')
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: '3', p_note: 'Front row' }))
    for (const caller of [anon, nonAdmin]) {
      const { error } = await caller.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: '9', p_note: 'Changed' })
      expect(error?.code).toMatch(/^(42501|PGRST202)$/)
    }
    expect(must(await nonAdmin.from('attempt_notes').select('*').eq('attempt_id', attempt.id))).toEqual([])
    expect((await anon.from('attempt_notes').select('*')).error).not.toBeNull()
    // Not even an administrator writes the table directly: every change goes through the logged function.
    const direct = await admin.from('attempt_notes').update({ note: 'Unlogged' }).eq('attempt_id', attempt.id).select()
    expect(direct.error?.code ?? (direct.data?.length === 0 ? 'nothing changed' : 'changed')).not.toBe('changed')
    const inserted = await admin.from('attempt_notes').insert({ attempt_id: (await addAttempt(examId, 'Other')).id, note: 'x' })
    expect(inserted.error).not.toBeNull()
    expect(must(await service.from('attempt_notes').select('seat, note').eq('attempt_id', attempt.id).single())).toEqual({
      seat: '3',
      note: 'Front row',
    })
  })

  it('goes with its attempt', async () => {
    const examId = await newExam()
    const attempt = await addAttempt(examId, 'Mary Somerville')
    succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: '4', p_note: '' }))
    succeeded(await service.from('exam_attempts').delete().eq('id', attempt.id))
    expect(must(await service.from('attempt_notes').select('attempt_id').eq('attempt_id', attempt.id))).toEqual([])
  })
})

describe('the Proctor Room’s orders', () => {
  it('sorts by name (the default), by seat as a room numbers them, or problems first, ties by login code', async () => {
    const examId = await newExam()
    const zoe = await addAttempt(examId, 'zoe Offline', 3 * minute)
    const amy = await addAttempt(examId, 'Amy On Track')
    const ben = await addAttempt(examId, 'Ben Done', 5 * minute, { state: 'submitted_on_device' })
    const nameless = await addAttempt(examId, null)
    const twin = await addAttempt(examId, 'Amy On Track')
    const seat = async (attempt: Attempt, text: string) =>
      succeeded(await admin.rpc('note_attempt', { p_attempt_id: attempt.id, p_seat: text, p_note: '' }))
    await seat(zoe, '2')
    await seat(amy, '10')
    await seat(nameless, 'B4')
    const [firstAmy, secondAmy] = amy.login_code < twin.login_code ? [amy, twin] : [twin, amy]

    const ids = async (orderBy?: string) => (await rows(examId, orderBy)).map((row) => row.id)
    // Case does not split names; a student without a name comes last.
    expect(await ids()).toEqual([firstAmy.id, secondAmy.id, ben.id, zoe.id, nameless.id])
    expect(await ids('name')).toEqual(await ids())
    // 2 before 10, then the seats without a number, then those without a seat (by name).
    expect(await ids('seat')).toEqual([zoe.id, amy.id, nameless.id, twin.id, ben.id])
    // Offline, then not yet received, then on track.
    expect(await ids('problems')).toEqual([zoe.id, ben.id, firstAmy.id, secondAmy.id, nameless.id])
    // A device that reported its submission and fell silent is not offline.
    expect((await rows(examId)).find((row) => row.id === ben.id)?.status).toBe('submitted_on_device')
  })
})

describe('the figures of a room outage', () => {
  const counts = async (examId: string) =>
    must(await admin.rpc('admin_live_attempt_counts', { exam_id: examId })) as Record<string, unknown>

  it('count the attempts being written and the largest group silent within 2 minutes of each other, with its first report', async () => {
    const examId = await newExam()
    const first = await addAttempt(examId, 'Silent One', 4 * minute)
    await addAttempt(examId, 'Silent Two', 3 * minute)
    await addAttempt(examId, 'Silent Three', 2 * minute + 30_000)
    // Silent long before the others: a student's own trouble.
    await addAttempt(examId, 'Silent Long Ago', 20 * minute)
    await addAttempt(examId, 'Still Reporting')
    // Done writing: neither writing nor silent.
    await addAttempt(examId, 'Submitted On Device', 4 * minute, { state: 'submitted_on_device' })
    const figures = await counts(examId)
    expect(figures).toMatchObject({ offline: 4, on_track: 1, submitted_on_device: 1, writing: 5, silent_together: 3 })
    expect(Date.parse(figures.silent_since as string)).toBe(Date.parse(first.last_seen))
  })

  it('count a silent attempt past its deadline as submitted on the device, neither writing nor silent', async () => {
    const examId = await newExam()
    const pastDeadline = await addAttempt(examId, 'Timed Out Offline', 3 * minute, { deadline: isoFromNow(-minute) })
    // Silent, but its deadline is still to come: offline.
    await addAttempt(examId, 'Silent Before Deadline', 3 * minute)
    expect(await counts(examId)).toMatchObject({ offline: 1, submitted_on_device: 1, writing: 1, silent_together: 1 })
    const byName = Object.fromEntries((await rows(examId)).map((row) => [row.student_name, row.status]))
    expect(byName).toEqual({ 'Silent Before Deadline': 'offline', 'Timed Out Offline': 'submitted_on_device' })
    // A device that still reports past its deadline (in its grace) is on track until it falls silent.
    succeeded(
      await service
        .from('exam_attempts')
        .update({ last_seen: isoFromNow(0) })
        .eq('id', pastDeadline.id),
    )
    expect(await counts(examId)).toMatchObject({ on_track: 1, submitted_on_device: 0 })
  })

  it('say nobody is silent when every device reports', async () => {
    const examId = await newExam()
    await addAttempt(examId, 'Reporting')
    expect(await counts(examId)).toMatchObject({ writing: 1, silent_together: 0, silent_since: null })
  })
})
