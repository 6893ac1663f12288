import { randomUUID } from 'node:crypto'
import { afterAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient } from './clients.ts'
import { addQuestions, addSitting, codeOf, type Exam } from './exam-week.ts'
import {
  day,
  hour,
  isoFromNow,
  minute,
  moveSnapshotTaken,
  moveStart,
  must,
  randomCode,
  startExam,
  submitExamArgs,
  succeeded,
} from './exam-data.ts'

/**
 * Issue 27: detailed solutions are shown for 24 hours from their release (the exam over for
 * everyone), not from the submission, so an early submitter in a week-long window gets them once
 * the window closed; each lists the options in the order the student saw them (option_order). The
 * clean-up keeps the snapshots they are listed from until those 24 hours are over. The exams here
 * are this file's own (their sittings, codes and attempts hold or release nothing of another
 * exam), deleted afterwards.
 */

const service = serviceClient()
const anon = anonClient()
const exams: Exam[] = []

async function newExam(): Promise<Exam> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Release ${randomCode()}` })
      .select()
      .single(),
  )
  exams.push(exam)
  await addQuestions(exam, 6, 'C')
  return exam
}

afterAll(async () => {
  const ids = exams.map((e) => e.id)
  succeeded(await service.from('submissions').delete().in('exam_id', ids))
  succeeded(await service.from('exams').delete().in('id', ids))
})

interface Result {
  outcome: string
  solutions_available: boolean
  solutions_held: boolean
  solutions_release_at: string | null
  solutions_until?: string
  solutions: Array<{ question_number: number; option_order: string }> | null
}

async function lookup(code: string): Promise<Result> {
  return must(await anon.rpc('lookup_result', { code })) as unknown as Result
}

/** A code of `exam` started, submitted and moved back so it started at `startedAt` (its deadline 30 minutes later). */
async function submittedAt(exam: Exam, startedAt: number): Promise<string> {
  const code = await codeOf(exam)
  const attemptId = randomUUID()
  await startExam(code, attemptId, anon)
  const submitted = must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId }))) as { outcome: string }
  expect(submitted.outcome).toBe('accepted')
  succeeded(
    await service
      .from('submissions')
      .update({ started_at: isoFromNow(startedAt), submitted_at: isoFromNow(startedAt + 10 * minute) })
      .eq('id', attemptId),
  )
  await moveStart(code, isoFromNow(startedAt), isoFromNow(startedAt + 30 * minute))
  return code
}

async function moveSitting(id: string, fields: { start_time?: string; end_time: string }): Promise<void> {
  succeeded(await service.from('exam_schedule').update(fields).eq('id', id))
}

describe('the solutions of an early submitter in a week-long window', () => {
  it('are held while the window is open or a classmate writes, then shown for 24 hours from that release, in the order the student saw', async () => {
    const exam = await newExam()
    const sitting = await addSitting(exam, { start_time: isoFromNow(-7 * day), end_time: isoFromNow(hour), duration_minutes: 30 })
    // Submitted on the window's first day, six days ago: 24 hours from the submission are long over.
    const early = await submittedAt(exam, -6 * day)
    const held = await lookup(early)
    expect(held).toMatchObject({ outcome: 'ok', solutions_available: false, solutions_held: true, solutions: null })
    expect(Date.parse(held.solutions_release_at!)).toBe(Date.parse(sitting.end_time) + 2 * minute)
    expect(held).not.toHaveProperty('solutions_until')

    // The window closed an hour ago, but a classmate with extra time writes for 20 more minutes.
    const classmate = await codeOf(exam, { extra_minutes: 90 })
    await startExam(classmate, randomUUID(), anon)
    const windowEnd = isoFromNow(-hour)
    await moveSitting(sitting.id, { end_time: windowEnd })
    const classmateDeadline = isoFromNow(20 * minute)
    await moveStart(classmate, isoFromNow(-hour), classmateDeadline)
    const waiting = await lookup(early)
    expect(waiting).toMatchObject({ solutions_available: false, solutions_held: true })
    expect(Date.parse(waiting.solutions_release_at!)).toBe(Date.parse(classmateDeadline) + 2 * minute)

    // Everyone's time is over: released 2 minutes after the classmate's deadline, shown for 24 hours.
    const lastDeadline = isoFromNow(-5 * minute)
    await moveStart(classmate, isoFromNow(-hour), lastDeadline)
    const released = await lookup(early)
    expect(released).toMatchObject({ solutions_available: true, solutions_held: false, solutions_release_at: null })
    expect(Date.parse(released.solutions_until!)).toBe(Date.parse(lastDeadline) + 2 * minute + day)
    const snapshot = must(
      await service
        .from('attempt_questions')
        .select('question_number, option_order')
        .eq('login_code', early)
        .order('question_number'),
    )
    expect(released.solutions!.map((s) => ({ question_number: s.question_number, option_order: s.option_order }))).toEqual(
      snapshot,
    )
    expect(snapshot.every((q) => /^[ABCD]{4}$/.test(q.option_order))).toBe(true)

    // 24 hours after the release (the window and every deadline long over) they are no longer shown.
    await moveStart(classmate, isoFromNow(-27 * hour), isoFromNow(-25 * hour))
    await moveSitting(sitting.id, { end_time: isoFromNow(-25 * hour) })
    const over = await lookup(early)
    expect(over).toMatchObject({ solutions_available: false, solutions_held: false, solutions: null, solutions_release_at: null })
    expect(over).not.toHaveProperty('solutions_until')
  })
})

describe('the clean-up', () => {
  it('keeps a snapshot until 24 hours after its exam is over for everyone, extra time included', async () => {
    const exam = await newExam()
    const sitting = await addSitting(exam)
    const code = await submittedAt(exam, -27 * hour)
    // A code never started with 3 hours of extra time: the exam is over for it 23 hours ago.
    const extraTime = await codeOf(exam, { extra_minutes: 180 })
    await moveSitting(sitting.id, { start_time: isoFromNow(-28 * hour), end_time: isoFromNow(-26 * hour) })
    await moveSnapshotTaken(code, isoFromNow(-27 * hour))

    must(await service.rpc('apply_retention'))
    const kept = await lookup(code)
    expect(kept).toMatchObject({ solutions_available: true })
    expect(kept.solutions).toHaveLength(6)

    succeeded(await service.from('login_codes').delete().eq('code', extraTime))
    must(await service.rpc('apply_retention'))
    expect(must(await service.from('attempt_questions').select('question_number').eq('login_code', code))).toEqual([])
    expect(await lookup(code)).toMatchObject({ solutions_available: false, solutions_held: false, solutions: null })
  })
})
