import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { anonClient, serviceClient } from './clients.ts'
import {
  attemptsEndedAfterEachTest,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  submissionRow,
  submitExamArgs,
  succeeded,
  withEveryAttemptOver,
  withEveryExamOver,
  withNoActiveSchedule,
  withOnlySchedule,
  withSchedule,
} from './exam-data.ts'

/**
 * Issue 23, the answer key through held solutions (migration 20261127000200), probed as the
 * review's students did: a blank sheet submitted first while the room has no schedule, a code
 * that could still start at any moment, a code never started, and a morning sitting whose
 * afternoon sitting of the same questions is still to come. Each submission's solutions stay held
 * until every attempt that could still be written is over.
 */

type Lookup = {
  outcome: string
  solutions: unknown
  solutions_available: boolean
  solutions_held: boolean
  solutions_release_at: string | null
}

const anon = anonClient()
const service = serviceClient()
const { newCode } = loginCodesPerFile()
const started = attemptsEndedAfterEachTest()

const lookup = async (code: string) => must(await anon.rpc('lookup_result', { code })) as unknown as Lookup

/** Starts `code` as a device does, answering the attempt's id and the server's deadline. */
async function start(code: string): Promise<{ attemptId: string; deadline: string }> {
  const attemptId = randomUUID()
  started.push(attemptId)
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' })) as {
    outcome: string
    deadline: string
  }
  expect(answer.outcome).toBe('ok')
  return { attemptId, deadline: answer.deadline }
}

/** Starts `code` and submits a blank sheet at once, as the first student of the review did. */
async function submitBlankSheet(code: string): Promise<string> {
  const { attemptId } = await start(code)
  const receipt = must(
    await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, answers: {}, submitted_at: isoFromNow(0) })),
  )
  expect(receipt).toMatchObject({ outcome: 'accepted' })
  return attemptId
}

/** Moves a submission and its attempt `ago` into the past: its own grace long over. */
async function backdate(code: string, ago: number): Promise<void> {
  succeeded(
    await service
      .from('submissions')
      .update({ started_at: isoFromNow(-ago - 10 * minute), submitted_at: isoFromNow(-ago) })
      .eq('login_code', code),
  )
  succeeded(
    await service
      .from('exam_attempts')
      .update({ started_at: isoFromNow(-ago - 10 * minute), deadline: isoFromNow(-ago + 20 * minute) })
      .eq('login_code', code),
  )
}

function expectHeld(result: Lookup): void {
  expect(result).toMatchObject({ outcome: 'ok', solutions_available: false, solutions_held: true, solutions: null })
  expect(JSON.stringify(result)).not.toMatch(/correct_answer|question_text/)
}

describe('solutions while a classmate is still writing, with no schedule', () => {
  it('stay held for the first student to submit a blank sheet until the classmate’s deadline has passed', async () => {
    const first = await newCode()
    const classmate = await newCode()
    await withEveryAttemptOver(() =>
      withNoActiveSchedule(async () => {
        await submitBlankSheet(first)
        const writing = await start(classmate)
        // Two minutes later, and even with the submission and its start an hour back.
        await backdate(first, 3 * minute)
        expectHeld(await lookup(first))
        await backdate(first, hour)
        expectHeld(await lookup(first))

        // Once a schedule closes every new start, what holds them is the classmate's deadline.
        await withSchedule({ start_time: isoFromNow(-23 * hour), end_time: isoFromNow(-22 * hour) }, async () => {
          const held = await lookup(first)
          expectHeld(held)
          expect(Date.parse(held.solutions_release_at as string)).toBe(Date.parse(writing.deadline) + 2 * minute)

          succeeded(
            await service
              .from('exam_attempts')
              .update({ deadline: isoFromNow(-3 * minute) })
              .eq('id', writing.attemptId),
          )
          expect(await lookup(first)).toMatchObject({ solutions_available: true, solutions_held: false })
        })
      }),
    )
  })
})

describe('solutions while a code could still start', () => {
  it('stay held, with no time given, while no schedule is active and a code never started exists', async () => {
    const code = await newCode()
    await submitBlankSheet(code)
    await backdate(code, hour)
    await newCode({ extra_minutes: 0 })
    await withEveryAttemptOver(async () => {
      await withNoActiveSchedule(async () => {
        const held = await lookup(code)
        expectHeld(held)
        expect(held.solutions_release_at).toBeNull()
      })
      // With a window that closed, no code can start any more: the same lookup gives them.
      expect(await withEveryExamOver(() => lookup(code))).toMatchObject({ solutions_available: true })
    })
  })
})

describe('solutions of a code never started', () => {
  it('never list the bank, even once the exam is over for everyone', async () => {
    // A submission stored for a code that has no start (as submit_exam once stored one) and so
    // no snapshot of the exam it was given: the bank is unchanged since it arrived.
    const code = await newCode({ is_used: true, used_by: 'Absent Student', used_at: isoFromNow(-hour) })
    succeeded(
      await service
        .from('submissions')
        .insert(
          submissionRow(code, { answers: {}, started_at: isoFromNow(-hour - 10 * minute), submitted_at: isoFromNow(-hour) }),
        ),
    )
    const result = await withEveryExamOver(() => lookup(code))
    expect(result).toMatchObject({
      outcome: 'ok',
      solutions_available: false,
      solutions_held: false,
      solutions_release_at: null,
      solutions: null,
    })
    expect(JSON.stringify(result)).not.toMatch(/correct_answer|question_text/)
  })
})

describe('solutions of an earlier sitting of the same questions', () => {
  it('stay held while a later sitting, active or prepared inactive, is not over, until its end', async () => {
    const morningStudent = await newCode()
    await withEveryAttemptOver(() =>
      withOnlySchedule({ start_time: isoFromNow(-3 * hour), end_time: isoFromNow(30 * minute) }, async (morning) => {
        await submitBlankSheet(morningStudent)
        await backdate(morningStudent, 2 * hour)
        // The morning window closed an hour ago; the afternoon sitting starts in 5 hours.
        succeeded(
          await service
            .from('exam_schedule')
            .update({ end_time: isoFromNow(-hour) })
            .eq('id', morning.id),
        )
        const afternoonEnd = isoFromNow(6 * hour)
        await withSchedule({ start_time: isoFromNow(5 * hour), end_time: afternoonEnd }, async (afternoon) => {
          const held = await lookup(morningStudent)
          expectHeld(held)
          expect(Date.parse(held.solutions_release_at as string)).toBeGreaterThanOrEqual(Date.parse(afternoonEnd) + 2 * minute)

          // Prepared inactive (to be turned on after lunch), it holds them just the same, and still
          // once its start has passed: the teacher may turn it on a few minutes late.
          succeeded(await service.from('exam_schedule').update({ is_active: false }).eq('id', afternoon.id))
          expectHeld(await lookup(morningStudent))
          succeeded(
            await service
              .from('exam_schedule')
              .update({ start_time: isoFromNow(-3 * minute) })
              .eq('id', afternoon.id),
          )
          expectHeld(await lookup(morningStudent))
          succeeded(
            await service
              .from('exam_schedule')
              .update({ is_active: true, start_time: isoFromNow(5 * hour) })
              .eq('id', afternoon.id),
          )

          // A sitting that starts only after the morning's solutions stop being shown (24 hours from
          // their release, the morning's end: issue 27) holds nothing; one starting within them does.
          succeeded(
            await service
              .from('exam_schedule')
              .update({ start_time: isoFromNow(22 * hour), end_time: isoFromNow(23 * hour) })
              .eq('id', afternoon.id),
          )
          expectHeld(await lookup(morningStudent))
          succeeded(
            await service
              .from('exam_schedule')
              .update({ start_time: isoFromNow(24 * hour), end_time: isoFromNow(25 * hour) })
              .eq('id', afternoon.id),
          )
          expect(await lookup(morningStudent)).toMatchObject({ solutions_available: true })
        })
      }),
    )
  })
})
