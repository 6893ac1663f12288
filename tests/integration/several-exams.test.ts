import { randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TablesInsert } from '../../src/lib/api/database.types.ts'
import { anonClient, serviceClient } from './clients.ts'
import { addQuestions, addSitting, codeOf, type Exam } from './exam-week.ts'
import {
  codeStatus,
  hour,
  isoFromNow,
  minute,
  moveSubmissionPastItsExam,
  must,
  randomCode,
  reportArgs,
  submitExamArgs,
  succeeded,
  type Schedule,
} from './exam-data.ts'

/**
 * Issue 25, the student's side: two exams written at once on one server, each with its own
 * questions (50 and 21), sitting and codes. Each code reads only its own exam (check_login_code,
 * exam_questions, submit_exam, report_exam_attempt, lookup_result), and each exam's solutions are
 * held and released by its own sittings and attempts only. The cross-exam probes of the security
 * suite are the last describe (docs/security.md). The exams are this file's own and deleted after
 * it, so every other file still sees a one-exam school.
 */

type Started = { outcome: string; questions: Array<{ id: string; question_text: string; option_order: string }> } & Record<
  string,
  unknown
>
type Lookup = {
  outcome: string
  exam_name: string
  solutions: Array<{ question_text: string }> | null
  solutions_available: boolean
  solutions_held: boolean
}

const anon = anonClient()
const service = serviceClient()
const suffix = randomCode()
const exams: Exam[] = []

async function newExam(fields: Partial<TablesInsert<'exams'>> & Pick<TablesInsert<'exams'>, 'name'>): Promise<Exam> {
  const exam = must(await service.from('exams').insert(fields).select().single())
  exams.push(exam)
  return exam
}

const check = async (code: string) => must(await anon.rpc('check_login_code', { code }))
const lookup = async (code: string) => must(await anon.rpc('lookup_result', { code })) as unknown as Lookup
const examQuestions = async (code: string, attemptId: string = randomUUID()) =>
  await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Exam Week Student' })

async function start(code: string, attemptId: string = randomUUID()): Promise<Started & { attemptId: string }> {
  const answer = must(await examQuestions(code, attemptId)) as Started
  expect(answer.outcome, JSON.stringify(answer)).toBe('ok')
  return { ...answer, attemptId }
}

/** Starts `code` and submits `answers` under its attempt's id, answering the receipt and the id. */
async function startAndSubmit(code: string, answers: Record<string, string>) {
  const { attemptId } = await start(code)
  const receipt = must(
    await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, answers, submitted_at: isoFromNow(0) })),
  )
  expect(receipt).toMatchObject({ outcome: 'accepted' })
  return { attemptId, receipt: receipt as { outcome: string; score: number; total: number } }
}

const every = (count: number, letter: string) =>
  Object.fromEntries(Array.from({ length: count }, (_, i) => [String(i + 1), letter]))

let maths: Exam
let physics: Exam
let mathsSitting: Schedule
let physicsSitting: Schedule

beforeAll(async () => {
  maths = await newExam({ name: `Mathematics ${suffix}` })
  physics = await newExam({ name: `Physics ${suffix}` })
  await addQuestions(maths, 50, 'A')
  await addQuestions(physics, 21, 'B')
  mathsSitting = await addSitting(maths, { exam_name: `Mathematics ${suffix}, room 12`, duration_minutes: 45 })
  physicsSitting = await addSitting(physics, {
    exam_name: `Physics ${suffix}, hall`,
    duration_minutes: 60,
    start_time: isoFromNow(-20 * minute),
  })
})

afterAll(async () => {
  const ids = exams.map((e) => e.id)
  succeeded(await service.from('submissions').delete().in('exam_id', ids))
  succeeded(await service.from('exams').delete().in('id', ids))
  expect(must(await service.from('questions').select('id').in('exam_id', ids))).toEqual([])
  expect(must(await service.from('exam_attempts').select('id').in('exam_id', ids))).toEqual([])
})

describe('two exams written at once', () => {
  it('names each code’s exam and the sitting it would start in at the code step', async () => {
    const mathsCode = await codeOf(maths)
    expect(await check(mathsCode)).toEqual({
      outcome: 'valid',
      login_code: mathsCode,
      exam: {
        name: maths.name,
        sitting: {
          name: mathsSitting.exam_name,
          start_time: expect.any(String),
          end_time: expect.any(String),
          duration_minutes: 45,
        },
      },
    })
    const physicsCheck = (await check(await codeOf(physics))) as {
      outcome: string
      exam: { name: string; sitting: { name: string; end_time: string } }
    }
    expect(physicsCheck).toMatchObject({
      outcome: 'valid',
      exam: { name: physics.name, sitting: { name: physicsSitting.exam_name } },
    })
    expect(Date.parse(physicsCheck.exam.sitting.end_time)).toBe(Date.parse(physicsSitting.end_time))
    expect(await check(randomCode())).toEqual({ outcome: 'invalid' })
  })

  it('serves each code its own exam’s questions, with the exam’s and sitting’s names, in an attempt of its exam and sitting', async () => {
    const fromMaths = await start(await codeOf(maths))
    expect(fromMaths.questions).toHaveLength(50)
    expect(fromMaths.questions.every((q) => q.question_text.startsWith(`${maths.name}:`))).toBe(true)
    expect(fromMaths).toMatchObject({ exam_name: maths.name, sitting_name: mathsSitting.exam_name, duration_minutes: 45 })

    const fromPhysics = await start(await codeOf(physics))
    expect(fromPhysics.questions).toHaveLength(21)
    expect(fromPhysics.questions.every((q) => q.question_text.startsWith(`${physics.name}:`))).toBe(true)
    expect(fromPhysics).toMatchObject({ exam_name: physics.name, sitting_name: physicsSitting.exam_name, duration_minutes: 60 })

    const attempts = must(
      await service
        .from('exam_attempts')
        .select('id, exam_id, sitting_id, question_count')
        .in('id', [fromMaths.attemptId, fromPhysics.attemptId]),
    )
    expect(attempts).toEqual(
      expect.arrayContaining([
        { id: fromMaths.attemptId, exam_id: maths.id, sitting_id: mathsSitting.id, question_count: 50 },
        { id: fromPhysics.attemptId, exam_id: physics.id, sitting_id: physicsSitting.id, question_count: 21 },
      ]),
    )
  })

  it('scores each submission against its own exam’s key, out of its own questions, in its exam', async () => {
    const fullMarks = await startAndSubmit(await codeOf(physics), every(21, 'B'))
    expect(fullMarks.receipt).toMatchObject({ score: 21, total: 21 })
    // Physics' key for Mathematics' first 21 questions: Mathematics' key counts, so none is right.
    const wrongKey = await startAndSubmit(await codeOf(maths), every(21, 'B'))
    expect(wrongKey.receipt).toMatchObject({ score: 0, total: 50 })

    const stored = must(
      await service
        .from('submissions')
        .select('id, exam_id, exam_category_id, question_count')
        .in('id', [fullMarks.attemptId, wrongKey.attemptId]),
    )
    expect(stored).toEqual(
      expect.arrayContaining([
        { id: fullMarks.attemptId, exam_id: physics.id, exam_category_id: physics.id, question_count: 21 },
        { id: wrongKey.attemptId, exam_id: maths.id, exam_category_id: maths.id, question_count: 50 },
      ]),
    )
  })

  it('holds Mathematics’ solutions while a Mathematics attempt is open, then releases them while Physics still writes, showing nothing of Physics', async () => {
    const physicsWriting = await start(await codeOf(physics))
    const physicsDone = await codeOf(physics)
    await startAndSubmit(physicsDone, every(21, 'B'))
    await start(await codeOf(maths))
    const mathsDone = await codeOf(maths)
    const { attemptId } = await startAndSubmit(mathsDone, every(50, 'A'))
    await moveSubmissionPastItsExam(attemptId)

    // A Mathematics attempt is still open: nothing Physics does releases its key.
    expect(await lookup(mathsDone)).toMatchObject({ outcome: 'ok', exam_name: maths.name, solutions_held: true, solutions: null })

    // Mathematics is over (its sitting closed, every attempt of it out of time); Physics still writes.
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-3 * minute) })
        .eq('exam_id', maths.id),
    )
    succeeded(
      await service
        .from('exam_schedule')
        .update({ start_time: isoFromNow(-3 * hour), end_time: isoFromNow(-2 * hour) })
        .eq('id', mathsSitting.id),
    )
    const released = await lookup(mathsDone)
    expect(released).toMatchObject({ outcome: 'ok', exam_name: maths.name, solutions_available: true })
    expect(released.solutions).toHaveLength(50)
    expect(released.solutions!.every((s) => s.question_text.startsWith(`${maths.name}:`))).toBe(true)
    expect(JSON.stringify(released)).not.toContain(physics.name)

    // Physics' students read nothing of Mathematics, and their own key waits for their classmate.
    const held = await lookup(physicsDone)
    expect(held).toMatchObject({ outcome: 'ok', exam_name: physics.name, solutions_held: true, solutions: null })
    expect(JSON.stringify(held)).not.toContain(maths.name)
    expect(physicsWriting.questions).toHaveLength(21)
  })

  it('refuses a Mathematics code once its own sitting has closed, though Physics’ sitting is open', async () => {
    // The previous test closed Mathematics' sitting two hours ago.
    const late = await codeOf(maths)
    expect(await check(late)).toMatchObject({
      outcome: 'exam_closed',
      exam: { name: maths.name, sitting: { name: mathsSitting.exam_name } },
    })
    expect(must(await examQuestions(late))).toEqual({ outcome: 'exam_closed' })
    expect(codeStatus(await check(await codeOf(physics)))).toBe('valid')
  })

  it('refuses every code of an archived exam, its sitting open', async () => {
    const archived = await newExam({ name: `Chemistry ${suffix}`, archived_at: isoFromNow(-minute) })
    await addQuestions(archived, 5, 'C')
    await addSitting(archived, { exam_name: `Chemistry ${suffix}, lab` })
    const code = await codeOf(archived)
    expect(await check(code)).toMatchObject({ outcome: 'exam_closed', exam: { name: archived.name } })
    expect(must(await examQuestions(code))).toEqual({ outcome: 'exam_closed' })
    expect(must(await service.from('exam_attempts').select('id').eq('login_code', code))).toEqual([])
  })

  it('starts a code in its exam’s open sitting, else the next, else the last; without one on the exam’s own settings', async () => {
    const exam = await newExam({
      name: `History ${suffix}`,
      default_duration_minutes: 40,
      shuffle_questions: false,
      shuffle_options: false,
    })
    await addQuestions(exam, 3, 'D')
    // No sitting: no window, the exam's duration and its shuffle (off).
    const anyTime = await codeOf(exam)
    expect(await check(anyTime)).toEqual({ outcome: 'valid', login_code: anyTime, exam: { name: exam.name, sitting: null } })
    const served = await start(anyTime)
    expect(served).toMatchObject({ duration_minutes: 40, window_end: null, sitting_name: null, exam_name: exam.name })
    expect(served.questions.map((q) => q.option_order)).toEqual(['ABCD', 'ABCD', 'ABCD'])
    expect(served.questions.map((q) => q.question_text)).toEqual([1, 2, 3].map((n) => `${exam.name}: question ${n}`))

    const open = await addSitting(exam, { exam_name: 'History, open', start_time: isoFromNow(-hour), end_time: isoFromNow(hour) })
    // Made later, but over: the open sitting is the one a code starts in.
    const ended = await addSitting(exam, {
      exam_name: 'History, ended',
      start_time: isoFromNow(-3 * hour),
      end_time: isoFromNow(-2 * hour),
    })
    const sittingName = async () =>
      ((await check(await codeOf(exam))) as { exam: { sitting: { name: string } } }).exam.sitting.name
    expect(await sittingName()).toBe(open.exam_name)
    succeeded(await service.from('exam_schedule').update({ is_active: false }).eq('id', open.id))
    expect(await sittingName()).toBe(ended.exam_name)
    const next = await addSitting(exam, {
      exam_name: 'History, next',
      start_time: isoFromNow(2 * hour),
      end_time: isoFromNow(3 * hour),
    })
    expect(await sittingName()).toBe(next.exam_name)
    expect(codeStatus(await check(await codeOf(exam)))).toBe('exam_closed')
  })
})

describe('a code of one exam against another exam (security)', () => {
  // Two exams of their own, both open now, so nothing above (Mathematics' sitting closed) matters.
  let geography: Exam
  let music: Exam

  beforeAll(async () => {
    geography = await newExam({ name: `Geography ${suffix}` })
    music = await newExam({ name: `Music ${suffix}` })
    await addQuestions(geography, 10, 'C')
    await addQuestions(music, 10, 'D')
    await addSitting(geography, { exam_name: `Geography ${suffix}, room 3` })
    await addSitting(music, { exam_name: `Music ${suffix}, room 4` })
  })

  it('cannot resume another exam’s attempt: no questions, no snapshot, the attempt still the other code’s', async () => {
    const musicAttempt = await start(await codeOf(music))
    const geographyCode = await codeOf(geography)
    const resumed = await examQuestions(geographyCode, musicAttempt.attemptId)
    expect(resumed.data).toBeNull()
    expect(resumed.error).toMatchObject({ code: '22023', message: 'attempt id belongs to another login code' })
    expect(must(await service.from('attempt_questions').select('question_number').eq('login_code', geographyCode))).toEqual([])
    expect(must(await service.from('exam_attempts').select('exam_id').eq('id', musicAttempt.attemptId))).toEqual([
      { exam_id: music.id },
    ])
  })

  it('cannot report on another exam’s attempt', async () => {
    const musicAttempt = await start(await codeOf(music))
    const geographyCode = await codeOf(geography)
    await start(geographyCode)
    const report = reportArgs(musicAttempt.attemptId, geographyCode, { answered_count: 1, answers: { '1': 'D' } })
    expect(must(await anon.rpc('report_exam_attempt', report))).toEqual({ outcome: 'invalid' })
    expect(must(await service.from('exam_attempts').select('reported_answers').eq('id', musicAttempt.attemptId))).toEqual([
      { reported_answers: null },
    ])
  })

  it('cannot submit under another exam’s attempt or submission, and leaves both codes as they were', async () => {
    const musicCode = await codeOf(music)
    const musicAttempt = await start(musicCode)
    const geographyCode = await codeOf(geography)
    await start(geographyCode)
    // Taking the music student's attempt id as its submission id would refuse their own device's.
    const underAttempt = await anon.rpc('submit_exam', submitExamArgs(geographyCode, { submission_id: musicAttempt.attemptId }))
    expect(underAttempt.error).toMatchObject({ code: '22023', message: 'submission id belongs to another login code' })
    const stored = await startAndSubmit(await codeOf(music), every(10, 'D'))
    const underSubmission = await anon.rpc('submit_exam', submitExamArgs(geographyCode, { submission_id: stored.attemptId }))
    expect(underSubmission.error).toMatchObject({ code: '22023', message: 'submission id belongs to another login code' })
    expect(must(await service.from('login_codes').select('is_used').in('code', [geographyCode, musicCode]))).toEqual([
      { is_used: false },
      { is_used: false },
    ])
    const own = must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(musicCode, { submission_id: musicAttempt.attemptId, answers: every(10, 'D') }),
      ),
    )
    expect(own).toMatchObject({ outcome: 'accepted', score: 10, total: 10 })
  })

  it('scores answers written for another exam against its own key only', async () => {
    expect((await startAndSubmit(await codeOf(geography), every(10, 'D'))).receipt).toMatchObject({ score: 0, total: 10 })
    expect((await startAndSubmit(await codeOf(geography), every(10, 'C'))).receipt).toMatchObject({ score: 10, total: 10 })
  })

  it('reads its own exam’s name and solutions only', async () => {
    const code = await codeOf(geography)
    await startAndSubmit(code, every(10, 'C'))
    const result = await lookup(code)
    expect(result).toMatchObject({ outcome: 'ok', exam_name: geography.name })
    expect(JSON.stringify(result)).not.toContain(music.name)
    expect(JSON.stringify(await check(await codeOf(geography)))).not.toContain(music.name)
  })
})
