import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Tables, TablesInsert } from '../../src/lib/api/database.types.ts'
import { adminClient, nonAdminClient, serviceClient } from './clients.ts'
import { day, hour, isoFromNow, minute, must, randomCode, submissionRow, succeeded } from './exam-data.ts'

/**
 * Issue 25, several exams, the administrator's side in SQL: every admin function answers within
 * the exam it is given and over every exam without one, the activity log says which exam each
 * action concerned, and the tallies, the clean-up and the room's extra time keep each exam apart.
 * The exams here are this file's own (made by the service role and deleted with their rows after
 * it), so every other file still sees a one-exam school.
 */

type Client = SupabaseClient<Database>
type Exam = Tables<'exams'>

const service = serviceClient()
let admin: Client
let nonAdmin: Client
const madeExams: string[] = []

/** Local days of their own, long before any other test's submissions. */
const resultsDay = '2023-03-03'
const analysisDay = '2023-03-04'
const at = (dayText: string, hours: number) => new Date(Date.parse(`${dayText}T00:00:00Z`) + hours * hour).toISOString()

const mcq = { option_a: 'One', option_b: 'Two', option_c: 'Three', option_d: 'Four' }

async function newExam(fields: Partial<TablesInsert<'exams'>> = {}): Promise<Exam> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Exam ${randomUUID().slice(0, 8)}`, ...fields })
      .select()
      .single(),
  )
  madeExams.push(exam.id)
  return exam
}

async function addQuestions(examId: string, count: number, key = 'A'): Promise<void> {
  succeeded(
    await service.from('questions').insert(
      Array.from({ length: count }, (_, i) => ({
        exam_id: examId,
        question_number: i + 1,
        question_text: `Question ${i + 1}?`,
        ...mcq,
        correct_answer: key,
      })),
    ),
  )
}

async function addCode(examId: string, fields: Partial<TablesInsert<'login_codes'>> = {}): Promise<string> {
  const { code } = must(
    await service
      .from('login_codes')
      .insert({ code: randomCode(), exam_id: examId, ...fields })
      .select()
      .single(),
  )
  return code
}

/** A used code of the exam and its submission, stored as the service role would. */
async function addSubmission(examId: string, fields: Partial<TablesInsert<'submissions'>> = {}): Promise<Tables<'submissions'>> {
  const code = await addCode(examId, { is_used: true, used_by: 'Exam Student', used_at: isoFromNow(-minute) })
  return must(
    await service
      .from('submissions')
      .insert(submissionRow(code, { exam_id: examId, ...fields }))
      .select()
      .single(),
  )
}

async function addSitting(examId: string, fields: Partial<TablesInsert<'exam_schedule'>> = {}): Promise<Tables<'exam_schedule'>> {
  return must(
    await service
      .from('exam_schedule')
      .insert({
        exam_id: examId,
        exam_name: `Sitting ${randomUUID().slice(0, 8)}`,
        start_time: isoFromNow(-10 * minute),
        end_time: isoFromNow(hour),
        is_active: true,
        ...fields,
      })
      .select()
      .single(),
  )
}

/** An attempt still in progress (deadline ahead) with the code of the exam and sitting. */
async function addWriting(examId: string, sittingId: string | null): Promise<{ code: string; id: string }> {
  const code = await addCode(examId)
  const id = randomUUID()
  succeeded(
    await service.from('exam_attempts').insert({
      id,
      login_code: code,
      exam_id: examId,
      sitting_id: sittingId,
      student_name: 'Still Writing',
      started_at: isoFromNow(-5 * minute),
      deadline: isoFromNow(20 * minute),
      question_count: 10,
    }),
  )
  return { code, id }
}

/** The one-question snapshot of `code`: `question` as its first start served it (the key A). */
async function snapshotQuestion(code: string, question: Tables<'questions'>, takenAt?: string): Promise<void> {
  succeeded(
    await service.from('attempt_questions').insert({
      login_code: code,
      question_number: 1,
      position: 1,
      question_id: question.id,
      question_text: question.question_text,
      ...mcq,
      correct_answer: 'A',
      option_order: 'ABCD',
      ...(takenAt ? { taken_at: takenAt } : {}),
    }),
  )
}

async function activity(examId: string): Promise<Array<Tables<'audit_log'>>> {
  return must(await admin.from('audit_log').select('*').eq('exam_id', examId).order('id'))
}

beforeAll(async () => {
  admin = await adminClient()
  nonAdmin = await nonAdminClient()
})

afterAll(async () => {
  if (madeExams.length === 0) return
  // Submissions outlive their codes; the exam's other rows go with it.
  succeeded(await service.from('submissions').delete().in('exam_id', madeExams))
  succeeded(await service.from('exams').delete().in('id', madeExams))
  expect(must(await service.from('questions').select('id').in('exam_id', madeExams))).toEqual([])
})

describe('the activity log', () => {
  it('records exams created, renamed and archived, and every action with its exam', async () => {
    const created = must(
      await admin
        .from('exams')
        .insert({ name: `Created ${randomUUID().slice(0, 8)}`, default_duration_minutes: 45 })
        .select()
        .single(),
    )
    madeExams.push(created.id)
    succeeded(
      await admin
        .from('exams')
        .update({ name: `${created.name} (renamed)` })
        .eq('id', created.id),
    )
    const archivedAt = isoFromNow(0)
    succeeded(await admin.from('exams').update({ archived_at: archivedAt }).eq('id', created.id))
    succeeded(await admin.from('exams').update({ archived_at: null }).eq('id', created.id))
    await addQuestions(created.id, 2)
    await addCode(created.id)
    const sitting = await addSitting(created.id)
    succeeded(await service.from('exam_schedule').delete().eq('id', sitting.id))

    const rows = await activity(created.id)
    expect(rows.map((row) => row.action)).toEqual([
      'exam_created',
      'exam_changed',
      'exam_changed',
      'exam_changed',
      'questions_added',
      'codes_generated',
      'schedule_created',
      'schedule_deleted',
    ])
    expect(rows[0]).toMatchObject({ subject: created.name, details: { default_duration_minutes: 45 } })
    expect(rows[1]!.details).toEqual({ changes: { name: [created.name, `${created.name} (renamed)`] } })
    const [archivedFrom, archivedTo] = (rows[2]!.details as { changes: { archived_at: [null, string] } }).changes.archived_at
    expect(archivedFrom).toBeNull()
    expect(Math.abs(Date.parse(archivedTo) - Date.parse(archivedAt))).toBeLessThan(minute)
    expect((rows[3]!.details as { changes: { archived_at: [string, null] } }).changes.archived_at[1]).toBeNull()
  })

  it('gives each exam its own row when one statement touches the questions or codes of two', async () => {
    const first = await newExam()
    const second = await newExam()
    const codes = [randomCode(), randomCode(), randomCode()]
    succeeded(
      await service.from('login_codes').insert([
        { code: codes[0]!, exam_id: first.id },
        { code: codes[1]!, exam_id: second.id },
        { code: codes[2]!, exam_id: second.id },
      ]),
    )
    succeeded(
      await service.from('questions').insert([
        { exam_id: first.id, question_number: 7, question_text: 'First?', ...mcq },
        { exam_id: second.id, question_number: 7, question_text: 'Second?', ...mcq },
      ]),
    )
    succeeded(await service.from('questions').delete().in('exam_id', [first.id, second.id]))
    const summary = async (examId: string) =>
      (await activity(examId))
        .filter((row) => row.action !== 'exam_created')
        .map((row) => ({ action: row.action, details: row.details }))
    expect(await summary(first.id)).toEqual([
      { action: 'codes_generated', details: { count: 1, codes: [codes[0]], extra_minutes: 0 } },
      { action: 'questions_added', details: expect.objectContaining({ count: 1, numbers: [7] }) },
      { action: 'questions_deleted', details: expect.objectContaining({ count: 1, numbers: [7], all: true }) },
    ])
    expect(await summary(second.id)).toEqual([
      { action: 'codes_generated', details: { count: 2, codes: [codes[1], codes[2]].sort(), extra_minutes: 0 } },
      { action: 'questions_added', details: expect.objectContaining({ count: 1, numbers: [7] }) },
      { action: 'questions_deleted', details: expect.objectContaining({ count: 1, numbers: [7], all: true }) },
    ])
  })
})

describe('duplicate_exam', () => {
  it('makes a new exam with the settings and every question, no sittings, codes or results, and logs it', async () => {
    const source = await newExam({ default_duration_minutes: 50, shuffle_questions: false })
    await addQuestions(source.id, 3, 'C')
    await addSitting(source.id)
    await addCode(source.id)
    await addSubmission(source.id)
    const name = `Copy ${randomUUID().slice(0, 8)}`
    const copyId = must(await admin.rpc('duplicate_exam', { exam_id: source.id, name: `  ${name} ` }))
    madeExams.push(copyId)

    const copy = must(await service.from('exams').select('*').eq('id', copyId).single())
    expect(copy).toMatchObject({ name, default_duration_minutes: 50, shuffle_questions: false, shuffle_options: true })
    const questions = (id: string) =>
      service
        .from('questions')
        .select('question_number, question_text, option_a, correct_answer')
        .eq('exam_id', id)
        .order('question_number')
    expect(must(await questions(copyId))).toEqual(must(await questions(source.id)))
    expect(must(await questions(copyId))).toHaveLength(3)
    for (const table of ['exam_schedule', 'login_codes', 'submissions'] as const) {
      expect(must(await service.from(table).select('id').eq('exam_id', copyId))).toEqual([])
    }
    const logged = (await activity(copyId)).find((row) => row.action === 'exam_duplicated')
    expect(logged).toMatchObject({ subject: name, details: { from_exam_id: source.id, from_name: source.name, questions: 3 } })
  })

  it.each([
    ['an unknown exam', () => ({ exam_id: randomUUID(), name: 'Anything' })],
    ['an empty name', () => ({ exam_id: madeExams[0]!, name: '   ' })],
    ['a name too long', () => ({ exam_id: madeExams[0]!, name: 'x'.repeat(201) })],
  ])('refuses %s (invalid_argument), making nothing', async (_, args) => {
    const before = must(await service.from('exams').select('id'))
    const { error } = await admin.rpc('duplicate_exam', args())
    expect(error?.code).toBe('22023')
    expect(must(await service.from('exams').select('id'))).toHaveLength(before.length)
  })

  it('refuses the name of an exam in use, and anyone but an administrator', async () => {
    const source = await newExam()
    expect((await admin.rpc('duplicate_exam', { exam_id: source.id, name: source.name.toUpperCase() })).error).toMatchObject({
      code: '22023',
      message: 'an exam in use already has this name',
    })
    expect((await nonAdmin.rpc('duplicate_exam', { exam_id: source.id, name: 'Stolen copy' })).error?.code).toBe('42501')
  })

  it('refuses creating or renaming to the name of an exam in use with 23505 (the screen names the clash), changing nothing', async () => {
    const [source, other] = [await newExam(), await newExam()]
    expect((await admin.from('exams').insert({ name: ` ${source.name.toLowerCase()} ` })).error?.code).toBe('23505')
    expect((await admin.from('exams').update({ name: source.name }).eq('id', other.id)).error?.code).toBe('23505')
    expect(must(await service.from('exams').select('name').eq('id', other.id))).toEqual([{ name: other.name }])
  })
})

describe('the admin functions within an exam and over all', () => {
  let first: Exam
  let second: Exam

  beforeAll(async () => {
    first = await newExam()
    second = await newExam()
    await addQuestions(first.id, 5)
    await addQuestions(second.id, 2)
    await addCode(first.id)
    await addCode(second.id)
    await addCode(second.id)
    await addSubmission(first.id, { score: 40, submitted_at: at(resultsDay, 9), student_name: 'First Exam Student' })
    await addSubmission(second.id, { score: 10, submitted_at: at(resultsDay, 10), student_name: 'Second Exam Student' })
    await addSubmission(second.id, { score: 45, submitted_at: at(resultsDay, 11), student_name: 'Second Exam Best' })
  })

  it('counts questions, codes and submissions of each exam, and of all', async () => {
    expect(must(await admin.rpc('admin_counts', { exam_id: second.id }))).toEqual({
      questions: 2,
      login_codes: 4,
      codes_used: 2,
      codes_available: 2,
      submissions: 2,
    })
    expect(must(await admin.rpc('admin_counts', { exam_id: first.id }))).toEqual({
      questions: 5,
      login_codes: 2,
      codes_used: 1,
      codes_available: 1,
      submissions: 1,
    })
    const count = async (table: 'questions' | 'login_codes' | 'submissions') =>
      (await service.from(table).select('*', { count: 'exact', head: true })).count
    expect(must(await admin.rpc('admin_counts'))).toMatchObject({
      questions: await count('questions'),
      login_codes: await count('login_codes'),
      submissions: await count('submissions'),
    })
  })

  it('lists every exam with its status, sitting and figures, archived ones last', async () => {
    const upcoming = await addSitting(second.id, { start_time: isoFromNow(2 * hour), end_time: isoFromNow(3 * hour) })
    const open = await addSitting(first.id)
    await addSitting(first.id, { start_time: isoFromNow(-3 * hour), end_time: isoFromNow(-2 * hour) })
    const archived = await newExam({ archived_at: isoFromNow(-minute) })
    type Overview = Array<{ id: string; status: string; sitting: { id: string; name: string } | null } & Record<string, unknown>>
    const overview = must(await admin.rpc('admin_exam_overview')) as Overview
    expect(overview.find((e) => e.id === first.id)).toEqual({
      id: first.id,
      name: first.name,
      archived_at: null,
      status: 'active',
      sitting: { id: open.id, name: open.exam_name, start_time: expect.any(String), end_time: expect.any(String) },
      questions_ready: 5,
      codes_available: 1,
      codes_used: 1,
      submissions: 1,
    })
    expect(overview.find((e) => e.id === second.id)).toMatchObject({
      status: 'upcoming',
      sitting: { id: upcoming.id },
      questions_ready: 2,
      codes_available: 2,
      codes_used: 2,
      submissions: 2,
    })
    expect(overview.find((e) => e.id === archived.id)).toMatchObject({ status: 'no_sitting', sitting: null })
    expect(overview.at(-1)?.id).toBe(archived.id)
    succeeded(
      await service
        .from('exam_schedule')
        .update({ start_time: isoFromNow(-90 * minute), end_time: isoFromNow(-hour) })
        .eq('id', open.id),
    )
    expect((must(await admin.rpc('admin_exam_overview')) as Overview).find((e) => e.id === first.id)).toMatchObject({
      status: 'closed',
      sitting: { id: open.id },
    })
    expect((await nonAdmin.rpc('admin_exam_overview')).error?.code).toBe('42501')
  })

  it('answers Test Results of one exam: cards, day rows with the exam, answers and score bands', async () => {
    const summary = (examId?: string) =>
      admin.rpc('admin_results_summary', { time_zone: 'UTC', day: resultsDay, ...(examId ? { exam_id: examId } : {}) })
    expect(must(await summary(second.id))).toMatchObject({ total: 2, score_sum: 55, passed: 1 })
    expect(must(await summary(first.id))).toMatchObject({ total: 1, score_sum: 40, passed: 1 })
    expect(must(await summary())).toMatchObject({ total: 3, score_sum: 95, passed: 2 })

    const rows = must(await admin.rpc('admin_day_results', { time_zone: 'UTC', day: resultsDay, exam_id: second.id }))
    expect(rows.map((r) => [r.student_name, r.rank, r.exam_id, r.exam_name])).toEqual([
      ['Second Exam Best', 1, second.id, second.name],
      ['Second Exam Student', 2, second.id, second.name],
    ])
    const all = must(await admin.rpc('admin_day_results', { time_zone: 'UTC', day: resultsDay }))
    expect(all.map((r) => [r.student_name, r.exam_name])).toEqual([
      ['Second Exam Best', second.name],
      ['First Exam Student', first.name],
      ['Second Exam Student', second.name],
    ])
    expect(
      must(await admin.rpc('admin_day_answers', { time_zone: 'UTC', day: resultsDay, exam_id: first.id })).map((r) => r.id),
    ).toEqual(all.filter((r) => r.exam_id === first.id).map((r) => r.id))
    const bands = must(await admin.rpc('admin_day_score_bands', { time_zone: 'UTC', day: resultsDay, exam_id: second.id }))
    expect(bands.filter((b) => b.submissions > 0)).toEqual([
      { band: 2, submissions: 1 },
      { band: 9, submissions: 1 },
    ])
    expect(
      must(await admin.rpc('admin_results_summary', { time_zone: 'UTC', search: 'Best', day: resultsDay, exam_id: first.id })),
    ).toMatchObject({ total: 0 })
  })

  it('keeps the tallies of each exam apart, and moves a submission between them', async () => {
    const tallied = async (examId: string) => {
      const rows = must(await service.from('submission_tallies').select('submissions, score_sum').eq('exam_id', examId))
      return rows.reduce(
        (sum, row) => ({ submissions: sum.submissions + row.submissions, score_sum: sum.score_sum + row.score_sum }),
        {
          submissions: 0,
          score_sum: 0,
        },
      )
    }
    expect(await tallied(second.id)).toEqual({ submissions: 2, score_sum: 55 })
    const moved = await addSubmission(first.id, { score: 30, submitted_at: at(resultsDay, 12) })
    expect(await tallied(first.id)).toEqual({ submissions: 2, score_sum: 70 })
    succeeded(await service.from('submissions').update({ exam_id: second.id }).eq('id', moved.id))
    expect(await tallied(first.id)).toEqual({ submissions: 1, score_sum: 40 })
    expect(await tallied(second.id)).toEqual({ submissions: 3, score_sum: 85 })
    succeeded(await service.from('submissions').delete().eq('id', moved.id))
    expect(await tallied(second.id)).toEqual({ submissions: 2, score_sum: 55 })
  })
})

describe('item analysis of an exam', () => {
  it('lists only the questions of a 21-question exam, not those of another exam numbered up to 50', async () => {
    const short = await newExam()
    const long = await newExam()
    await addQuestions(short.id, 21, 'B')
    await addQuestions(long.id, 50, 'A')
    // Stored without a snapshot, each keyed with its own exam's usable questions (record_served_key).
    const all = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i + 1), 'B']))
    const shortOnes = [
      await addSubmission(short.id, { answers: all, score: 21, question_count: 21, submitted_at: at(analysisDay, 9) }),
      await addSubmission(short.id, { answers: { '1': 'B' }, score: 1, question_count: 21, submitted_at: at(analysisDay, 10) }),
    ]
    await addSubmission(long.id, { answers: all, score: 0, submitted_at: at(analysisDay, 11) })
    expect(Object.keys(shortOnes[0]!.served_key as object)).toHaveLength(21)

    type Analysis = { students: number; questions: number; items: Array<{ question_number: number; correct_answer: string }> }
    const analysis = must(
      await admin.rpc('admin_item_analysis', { time_zone: 'UTC', day: analysisDay, exam_id: short.id }),
    ) as Analysis
    expect(analysis.students).toBe(2)
    expect(analysis.items.map((i) => i.question_number)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1))
    expect(new Set(analysis.items.map((i) => i.correct_answer))).toEqual(new Set(['B']))

    const sitting = await addSitting(short.id, { start_time: at(analysisDay, 8), end_time: at(analysisDay, 12) })
    const bySitting = must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', schedule_id: sitting.id })) as Analysis
    expect(bySitting).toMatchObject({ students: 2, questions: 21 })
    expect(
      (await admin.rpc('admin_item_analysis', { time_zone: 'UTC', schedule_id: sitting.id, exam_id: long.id })).error?.code,
    ).toBe('22023')
    const everyExam = must(await admin.rpc('admin_item_analysis', { time_zone: 'UTC', day: analysisDay })) as Analysis
    expect(everyExam).toMatchObject({ students: 3, questions: 50 })
  })
})

describe('key corrections, voids and restores of an exam', () => {
  it('are made for the question’s exam and recorded with it', async () => {
    const exam = await newExam()
    await addQuestions(exam.id, 1, 'A')
    const [question] = must(await service.from('questions').select('*').eq('exam_id', exam.id))
    const code = await addCode(exam.id, { is_used: true, used_by: 'Regraded Student', used_at: isoFromNow(-minute) })
    await snapshotQuestion(code, question!)
    const submission = must(
      await service
        .from('submissions')
        .insert(submissionRow(code, { exam_id: exam.id, answers: { '1': 'B' }, score: 0, question_count: 1 }))
        .select()
        .single(),
    )
    expect(submission.served_key).toEqual({ '1': 'A' })
    expect(must(await admin.rpc('regrade_question', { question_id: question!.id, accepted: 'B', apply: true }))).toMatchObject({
      outcome: 'applied',
      submissions: 1,
      changed: 1,
    })
    expect(must(await service.from('key_corrections').select('exam_id').eq('question_id', question!.id))).toEqual([
      { exam_id: exam.id },
    ])
    expect(must(await service.from('submissions').select('score').eq('id', submission.id).single()).score).toBe(1)
    must(await admin.rpc('void_submission', { submission_id: submission.id, reason: 'Seen copying' }))
    must(await admin.rpc('restore_submission', { submission_id: submission.id }))
    expect((await activity(exam.id)).map((row) => row.action).slice(-3)).toEqual([
      'key_corrected',
      'submission_voided',
      'submission_restored',
    ])
  })
})

describe('the Proctor Room of an exam', () => {
  it('lists, counts and adds time to one exam’s (or one sitting’s) students, leaving the other exam’s deadlines alone', async () => {
    const first = await newExam()
    const second = await newExam()
    const firstSitting = await addSitting(first.id)
    const secondSitting = await addSitting(second.id)
    const firstWriting = await addWriting(first.id, firstSitting.id)
    const secondWriting = await addWriting(second.id, secondSitting.id)
    const deadline = async (id: string) =>
      must(await service.from('exam_attempts').select('deadline').eq('id', id).single()).deadline

    const live = must(await admin.rpc('admin_live_attempts', { exam_id: first.id }))
    expect(live.map((a) => [a.login_code, a.exam_id, a.exam_name, a.sitting_id, a.sitting_name])).toEqual([
      [firstWriting.code, first.id, first.name, firstSitting.id, firstSitting.exam_name],
    ])
    expect(must(await admin.rpc('admin_live_attempts', { sitting_id: secondSitting.id })).map((a) => a.id)).toEqual([
      secondWriting.id,
    ])
    expect(must(await admin.rpc('admin_live_attempt_counts', { exam_id: second.id }))).toMatchObject({ on_track: 1 })
    expect(must(await admin.rpc('room_time_students', { exam_id: first.id }))).toBe(1)
    expect(must(await admin.rpc('room_time_students', { exam_id: first.id, sitting_id: secondSitting.id }))).toBe(0)

    const secondBefore = await deadline(secondWriting.id)
    const firstBefore = await deadline(firstWriting.id)
    expect(must(await admin.rpc('add_time_for_everyone', { minutes: 15, exam_id: first.id }))).toEqual({
      outcome: 'added',
      students: 1,
      minutes: 15,
    })
    expect(Date.parse(await deadline(firstWriting.id)) - Date.parse(firstBefore)).toBe(15 * minute)
    expect(await deadline(secondWriting.id)).toBe(secondBefore)
    const [record] = must(await admin.from('room_time_additions').select('*').eq('exam_id', first.id))
    expect(record).toMatchObject({ schedule_id: firstSitting.id, minutes: 15, login_codes: [firstWriting.code] })
    expect((await activity(first.id)).map((row) => row.action)).toContain('room_time_added')

    expect(must(await admin.rpc('add_time_for_everyone', { minutes: 5, sitting_id: secondSitting.id }))).toMatchObject({
      students: 1,
    })
    expect(Date.parse(await deadline(secondWriting.id)) - Date.parse(secondBefore)).toBe(5 * minute)
    // Over with: no longer anyone's to reach.
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-3 * minute) })
        .in('id', [firstWriting.id, secondWriting.id]),
    )
  })
})

describe('the clean-up', () => {
  it('deletes an exam’s questions and snapshots 24 hours after its own last sitting, whatever another exam’s sittings', async () => {
    const over = await newExam()
    const stillOpen = await newExam()
    const threeDaysAgo = isoFromNow(-3 * day)
    for (const exam of [over, stillOpen]) {
      await addQuestions(exam.id, 3)
      succeeded(await service.from('questions').update({ created_at: threeDaysAgo }).eq('exam_id', exam.id))
      await addSitting(exam.id, { start_time: isoFromNow(-3 * day), end_time: isoFromNow(-2 * day) })
    }
    // The second exam sits again now: its questions stay; the first exam's go all the same.
    await addSitting(stillOpen.id)
    const snapshotOf = async (exam: Exam) => {
      const code = await addCode(exam.id)
      const [question] = must(await service.from('questions').select('*').eq('exam_id', exam.id).limit(1))
      await snapshotQuestion(code, question!, threeDaysAgo)
      return code
    }
    const overCode = await snapshotOf(over)
    const openCode = await snapshotOf(stillOpen)

    must(await service.rpc('apply_retention'))
    const left = async (table: 'questions', examId: string) =>
      must(await service.from(table).select('id').eq('exam_id', examId)).length
    expect(await left('questions', over.id)).toBe(0)
    expect(await left('questions', stillOpen.id)).toBe(3)
    expect(must(await service.from('attempt_questions').select('login_code').in('login_code', [overCode, openCode]))).toEqual([
      { login_code: openCode },
    ])
    expect((await activity(over.id)).find((row) => row.action === 'questions_deleted')).toMatchObject({
      details: expect.objectContaining({ all: true, count: 3 }),
    })
  })
})
