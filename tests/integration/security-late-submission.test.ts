import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, serviceClient, stack } from './clients.ts'
import {
  attemptsEndedAfterEachTest,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveStart,
  moveSubmissionPastItsExam,
  must,
  readCode,
  reportAnswers,
  startExam,
  submissionsFor,
  submitExamArgs,
  succeeded,
  withEveryAttemptOver,
  withEveryExamOver,
  withNoActiveSchedule,
  withNoSolutionsShownSince,
  withOnlySchedule,
  withSchedule,
  codeStatus,
} from './exam-data.ts'

/**
 * A submission stamped before its deadline is accepted however late it arrives (a device offline
 * at the deadline sends later), but solutions no longer wait for an attempt whose deadline has
 * passed. So a student whose device never sent waited for a classmate's solutions, sent every
 * answer right stamped in time, and was stored 50/50 with only "Arrived late". Nobody can know the
 * key before the release: a late arrival once its solutions could be out counts only what its
 * device reported in time (migration 20261127000600). A second attack moved the computed release
 * back after a classmate had read the key (a schedule switched off, the next sitting prepared,
 * extra time): a key once shown stays out (submissions.solutions_shown_at).
 */

type Outcome = { outcome: string } & Record<string, unknown>
type Solution = { question_number: number; correct_answer: string }
type Answers = Record<string, string>

const anon = anonClient()
const service = serviceClient()
const { newCode } = loginCodesPerFile()
const started = attemptsEndedAfterEachTest()
let admin: SupabaseClient<Database>

beforeAll(async () => {
  admin = await adminClient()
})

/**
 * A code started (under the seed's open window) whose device reported in time the answers
 * `reported` picks from its exam's key (none for null), and whose deadline passed `deadlineAgo` ago.
 */
async function startedAndOverdue(
  reported: (key: Answers) => Answers | null,
  deadlineAgo = 10 * minute,
): Promise<{ code: string; attemptId: string; deadline: string; answerFileKey: string }> {
  const code = await newCode()
  const attemptId = randomUUID()
  started.push(attemptId)
  const start = await startExam(code, attemptId, anon)
  const answers = reported(await keyOfExam(code))
  if (answers) await reportAnswers(attemptId, code, answers)
  const deadline = isoFromNow(-deadlineAgo)
  await moveStart(code, isoFromNow(-deadlineAgo - 30 * minute), deadline)
  // The copy was received while the device was writing, before its deadline.
  succeeded(
    await service
      .from('exam_attempts')
      .update({
        reported_answers_at: isoFromNow(-deadlineAgo - 5 * minute),
        reported_answers_received_at: isoFromNow(-deadlineAgo - 5 * minute),
      })
      .eq('id', attemptId)
      .not('reported_answers', 'is', null),
  )
  return { code, attemptId, deadline, answerFileKey: start.answer_file_key as string }
}

/** A classmate who submitted on time 20 hours ago: once every attempt is over, the solutions page lists the key. */
async function classmateSubmitted(): Promise<string> {
  const code = await newCode()
  const attemptId = randomUUID()
  started.push(attemptId)
  await startExam(code, attemptId, anon)
  expect(must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, answers: {} })))).toMatchObject({
    outcome: 'accepted',
  })
  await moveSubmissionPastItsExam(attemptId)
  return code
}

async function lookup(code: string) {
  return must(await anon.rpc('lookup_result', { code })) as unknown as {
    solutions_available: boolean
    solutions_held: boolean
    solutions: Solution[] | null
  }
}

/** The key as the classmate's solutions page shows it: every question's correct letter. */
async function keyFromSolutions(classmate: string): Promise<Answers> {
  const page = await lookup(classmate)
  expect(page.solutions_available).toBe(true)
  return Object.fromEntries(page.solutions!.map((s) => [String(s.question_number), s.correct_answer]))
}

const wrong = (letter: string) => (letter === 'A' ? 'B' : 'A')

function pick(key: Answers, numbers: number[], letter: (right: string) => string = (right) => right): Answers {
  return Object.fromEntries(numbers.map((n) => [String(n), letter(key[String(n)]!)]))
}

/** submit_exam as the student's own script sends it: its attempt id, stamped a minute before the deadline. */
async function submitLate(code: string, attemptId: string, deadline: string, answers: Answers): Promise<Outcome> {
  const args = submitExamArgs(code, {
    submission_id: attemptId,
    answers,
    started_at: new Date(Date.parse(deadline) - 30 * minute).toISOString(),
    submitted_at: new Date(Date.parse(deadline) - minute).toISOString(),
  })
  return must(await anon.rpc('submit_exam', args)) as Outcome
}

async function uncountedInTestResults(code: string, submittedAt: string) {
  const rows = must(await admin.rpc('admin_day_results', { time_zone: 'UTC', day: submittedAt.slice(0, 10), search: code }))
  return rows.map((row) => ({
    recovered_from_file: row.recovered_from_file,
    arrived_late: row.arrived_late,
    uncounted: row.uncounted_answers,
  }))
}

describe('a late submission arriving after the solutions are out', () => {
  it('counts only the answers its device reported in time, and keeps every difference for the examiner', async () => {
    const classmate = await classmateSubmitted()
    // In time, the device held five right answers and three wrong ones.
    const { code, attemptId, deadline } = await startedAndOverdue((key) => ({
      ...pick(key, [1, 2, 3, 4, 5]),
      ...pick(key, [6, 7, 8], wrong),
    }))

    await withEveryExamOver(async () => {
      const key = await keyFromSolutions(classmate)
      const questions = Object.keys(key).length
      expect(questions).toBeGreaterThanOrEqual(10)

      const receipt = await submitLate(code, attemptId, deadline, key)
      expect(receipt).toMatchObject({ outcome: 'accepted', score: 5, total: questions })

      const [stored, ...others] = await submissionsFor(code)
      expect(others).toEqual([])
      expect(stored).toMatchObject({
        score: 5,
        answers: pick(key, [1, 2, 3, 4, 5]),
        arrived_late: true,
        recovered_from_file: false,
      })
      const { reported_at, received_at, ...counts } = stored!.late_check as Record<string, unknown>
      expect(counts).toEqual({
        sent_answers: questions,
        counted: 5,
        differences: [
          ...[6, 7, 8].map((n) => ({ question: n, reported: wrong(key[String(n)]!), sent: key[String(n)] })),
          ...range(9, questions).map((n) => ({ question: n, reported: null, sent: key[String(n)] })),
        ],
      })
      const copy = must(
        await service
          .from('exam_attempts')
          .select('reported_answers_at, reported_answers_received_at')
          .eq('id', attemptId)
          .single(),
      )
      expect(Date.parse(reported_at as string)).toBe(Date.parse(copy.reported_answers_at!))
      expect(Date.parse(received_at as string)).toBe(Date.parse(copy.reported_answers_received_at!))

      // Test Results and the printed report flag it with the answers not counted.
      expect(await uncountedInTestResults(code, stored!.submitted_at)).toEqual([
        { recovered_from_file: false, arrived_late: true, uncounted: questions - 5 },
      ])
      // A retry gets the same receipt and changes nothing.
      expect(await submitLate(code, attemptId, deadline, key)).toEqual(receipt)
    })
  })

  it('counts none for an attempt that reported no answers in time, or an id that is no attempt of the code', async () => {
    const classmate = await classmateSubmitted()
    const silent = await startedAndOverdue(() => null)
    const reporting = await startedAndOverdue((key) => pick(key, [1, 2]))

    await withEveryExamOver(async () => {
      const key = await keyFromSolutions(classmate)
      expect(await submitLate(silent.code, silent.attemptId, silent.deadline, key)).toMatchObject({
        outcome: 'accepted',
        score: 0,
      })
      const [stored] = await submissionsFor(silent.code)
      expect(stored).toMatchObject({ score: 0, answers: {}, arrived_late: true })
      expect(stored!.late_check).toMatchObject({
        reported_at: null,
        received_at: null,
        counted: 0,
        sent_answers: Object.keys(key).length,
      })

      // A fresh id has no copy of its own, whatever another attempt of the code reported.
      expect(await submitLate(reporting.code, randomUUID(), reporting.deadline, key)).toMatchObject({
        outcome: 'accepted',
        score: 0,
      })
      expect((await submissionsFor(reporting.code))[0]).toMatchObject({ score: 0, answers: {} })
    })
  })

  it('counts only what was reported in time once a classmate’s solutions are out, a later sitting starting after their 24 hours', async () => {
    const classmate = await classmateSubmitted()
    const { code, attemptId, deadline } = await startedAndOverdue((key) => pick(key, [1, 2, 3]))

    // The classmate's solutions came out when this device's deadline passed, 10 minutes ago, and
    // are shown for 24 hours from then (issue 27; a sitting starting within them would hold them):
    // a sitting starting in 25 hours holds nothing.
    await withEveryAttemptOver(() =>
      withOnlySchedule({ start_time: isoFromNow(-23 * hour), end_time: isoFromNow(-22 * hour) }, () =>
        withSchedule({ start_time: isoFromNow(25 * hour), end_time: isoFromNow(26 * hour) }, async () => {
          const key = await keyFromSolutions(classmate)
          expect(await submitLate(code, attemptId, deadline, key)).toMatchObject({ outcome: 'accepted', score: 3 })
          expect((await submissionsFor(code))[0]).toMatchObject({ answers: pick(key, [1, 2, 3]), late_check: { counted: 3 } })
        }),
      ),
    )
  })

  it('counts only what was reported in time when a classmate could read the key after its deadline, their 24 hours now over', async () => {
    const classmate = await classmateSubmitted()
    // The classmate submitted 25 hours ago; this device's deadline passed 30 minutes later.
    succeeded(
      await service
        .from('submissions')
        .update({ started_at: isoFromNow(-25 * hour - 10 * minute), submitted_at: isoFromNow(-25 * hour) })
        .eq('login_code', classmate),
    )
    await moveStart(classmate, isoFromNow(-25 * hour - 10 * minute), isoFromNow(-25 * hour + 20 * minute))
    const key = await keyOfExam(classmate)
    const { code, attemptId, deadline } = await startedAndOverdue((key) => pick(key, [1, 2]), 24 * hour + 30 * minute)

    // A sitting that opened 45 minutes ago (after the classmate's 24 hours) would hold a row stamped later.
    await withEveryAttemptOver(() =>
      withOnlySchedule({ start_time: isoFromNow(-26 * hour), end_time: isoFromNow(-25 * hour) }, () =>
        withSchedule({ start_time: isoFromNow(-45 * minute), end_time: isoFromNow(hour) }, async () => {
          expect(await submitLate(code, attemptId, deadline, key)).toMatchObject({ outcome: 'accepted', score: 2 })
          expect((await submissionsFor(code))[0]).toMatchObject({ answers: pick(key, [1, 2]), late_check: { counted: 2 } })
        }),
      ),
    )
  })

  it('checks a recovered answer file once: against the same copy, kept as the file’s check', async () => {
    const classmate = await classmateSubmitted()
    const { code, attemptId, deadline, answerFileKey } = await startedAndOverdue((key) => ({
      ...pick(key, [1, 2]),
      ...pick(key, [3], wrong),
    }))

    await withEveryExamOver(async () => {
      const key = await keyFromSolutions(classmate)
      const submission = submitExamArgs(code, {
        submission_id: attemptId,
        student_name: 'Ada Lovelace',
        answers: key,
        submitted_at: new Date(Date.parse(deadline) - minute).toISOString(),
      }) as ExamSubmission
      const file = buildAnswerFile(submission, answerFileKey)
      const receipt = must(await admin.rpc('recover_submission_from_file', { file: file as never })) as Outcome
      expect(receipt).toMatchObject({
        outcome: 'accepted',
        score: 2,
        check: { file_answers: Object.keys(key).length, counted: 2 },
      })
      const [stored] = await submissionsFor(code)
      expect(stored).toMatchObject({ score: 2, answers: pick(key, [1, 2]), recovered_from_file: true, late_check: null })
      expect(stored!.recovery_check).toEqual(receipt.check)
      expect(await uncountedInTestResults(code, stored!.submitted_at)).toEqual([
        { recovered_from_file: true, arrived_late: true, uncounted: Object.keys(key).length - 2 },
      ])
    })
  })
})

describe('a late submission arriving while the solutions are still held', () => {
  it('counts every answer, flagged "Arrived late" as before', async () => {
    const classmate = await classmateSubmitted()
    const { code, attemptId, deadline } = await startedAndOverdue((key) => pick(key, [1, 2]))
    // Another student is still writing: started before the room's solutions went out, time left.
    const writing = await newCode()
    const writingAttempt = randomUUID()
    started.push(writingAttempt)
    await startExam(writing, writingAttempt, anon)

    // Solutions shown since this attempt started (the file's earlier tests) would count as out.
    await withNoSolutionsShownSince(new Date(Date.parse(deadline) - 30 * minute).toISOString(), () =>
      withEveryExamOver(async () => {
        await moveStart(writing, isoFromNow(-5 * minute), isoFromNow(25 * minute))
        const page = await lookup(classmate)
        expect(page).toMatchObject({ solutions_available: false, solutions_held: true })
        // Every answer right, as a student who had the key anyway would send it.
        const key = await keyOfExam(code)

        const receipt = await submitLate(code, attemptId, deadline, key)
        expect(receipt).toMatchObject({ outcome: 'accepted', score: Object.keys(key).length })
        const [stored] = await submissionsFor(code)
        expect(stored).toMatchObject({ answers: key, arrived_late: true, late_check: null })
        expect(await uncountedInTestResults(code, stored!.submitted_at)).toEqual([
          { recovered_from_file: false, arrived_late: true, uncounted: null },
        ])
      }),
    )
  })
})

describe('a late submission once a classmate’s solutions were shown, the release moved back since', () => {
  it('counts only the in-time copy after the schedule is switched off while a code never started exists', async () => {
    const classmate = await classmateSubmitted()
    const { code, attemptId, deadline } = await startedAndOverdue((key) => pick(key, [1, 2]))
    // Never started: with no active schedule it could start at any moment, so the release is unknown again.
    await newCode()

    await withEveryExamOver(async () => {
      const key = await keyFromSolutions(classmate)
      await withNoActiveSchedule(async () => {
        expect(await lookup(classmate)).toMatchObject({
          solutions_available: false,
          solutions_held: true,
          solutions_release_at: null,
        })
        expect(await submitLate(code, attemptId, deadline, key)).toMatchObject({ outcome: 'accepted', score: 2 })
        expect((await submissionsFor(code))[0]).toMatchObject({ answers: pick(key, [1, 2]), late_check: { counted: 2 } })
      })
    })
  })

  it('counts only the in-time copy after the next sitting is prepared, inactive and still to start', async () => {
    const classmate = await classmateSubmitted()
    const { code, attemptId, deadline } = await startedAndOverdue((key) => pick(key, [1, 2, 3]))

    await withEveryExamOver(async () => {
      const key = await keyFromSolutions(classmate)
      // In 3 hours: within 24 hours of the classmate's submission (20 hours ago) and of any other
      // this late arrival's release is taken at, so it holds them all again.
      await withSchedule({ is_active: false, start_time: isoFromNow(3 * hour), end_time: isoFromNow(4 * hour) }, async () => {
        expect(await lookup(classmate)).toMatchObject({ solutions_available: false, solutions_held: true })
        expect(await submitLate(code, attemptId, deadline, key)).toMatchObject({ outcome: 'accepted', score: 3 })
        expect((await submissionsFor(code))[0]).toMatchObject({ answers: pick(key, [1, 2, 3]), late_check: { counted: 3 } })
      })
    })
  })

  it('is not reopened by extra time: refused in words the Login Code Manager shows, and no report becomes an in-time copy', async () => {
    const classmate = await classmateSubmitted()
    const { code, attemptId, deadline } = await startedAndOverdue((key) => pick(key, [1, 2]))

    await withEveryExamOver(async () => {
      const key = await keyFromSolutions(classmate)
      const { error } = await admin.from('login_codes').update({ extra_minutes: 30 }).eq('code', code)
      expect(error).toMatchObject({
        code: '22023',
        message: "The solutions of this exam have been shown, so extra time can no longer reopen this student's exam.",
      })
      const attempt = must(await service.from('exam_attempts').select('deadline, reported_answers').eq('id', attemptId).single())
      expect(attempt.reported_answers).toEqual(pick(key, [1, 2]))
      expect(await readCode(code)).toMatchObject({ extra_minutes: 0 })
      expect(Date.parse(attempt.deadline)).toBe(Date.parse(deadline))

      // The device sends the key: now, or claiming it wrote it before the deadline.
      expect(await reportKey(attemptId, code, key, isoFromNow(0))).toBe('exam_closed')
      await reportKey(attemptId, code, key, new Date(Date.parse(deadline) - minute).toISOString())
      expect(
        must(await service.from('exam_attempts').select('reported_answers').eq('id', attemptId).single()).reported_answers,
      ).toEqual(pick(key, [1, 2]))

      // Sent now it is over; stamped before the deadline, only the in-time copy counts.
      expect(await submitLate(code, randomUUID(), new Date(Date.now() + 2 * minute).toISOString(), key)).toEqual({
        outcome: 'exam_over',
      })
      expect(await submitLate(code, attemptId, deadline, key)).toMatchObject({ outcome: 'accepted', score: 2 })
    })
  })

  it('is not reopened by a code made after the key was shown, whose extra minutes reach past the window', async () => {
    const classmate = await classmateSubmitted()
    await withEveryAttemptOver(() =>
      withOnlySchedule({ start_time: isoFromNow(-21 * hour), end_time: isoFromNow(-10 * minute) }, async (schedule) => {
        await keyFromSolutions(classmate)
        // The proctor makes a code with 180 extra minutes for a student whose phone died (or
        // deletes one and makes it again): its first start now would write with the key in hand.
        const late = await newCode({ extra_minutes: 180 })
        const start = () => anon.rpc('exam_questions', { code: late, attempt_id: randomUUID(), student_name: 'Late Student' })
        // The code step asks what the start will answer: the student is not let on to be refused.
        const codeStep = async () => codeStatus(must(await anon.rpc('check_login_code', { code: late })))
        expect(await codeStep()).toBe('exam_closed')
        expect(must(await start())).toMatchObject({ outcome: 'exam_closed' })
        expect(must(await service.from('exam_attempts').select('id').eq('login_code', late))).toEqual([])

        // With no key of the sitting shown, the same code starts on its extra minutes.
        await withNoSolutionsShownSince(schedule.start_time, async () => {
          expect(await codeStep()).toBe('valid')
          const attemptId = randomUUID()
          started.push(attemptId)
          expect(
            must(await anon.rpc('exam_questions', { code: late, attempt_id: attemptId, student_name: 'Late Student' })),
          ).toMatchObject({
            outcome: 'ok',
          })
        })
      }),
    )
  })

  it('still moves the deadline for less extra time, and for more while nothing was shown since the start', async () => {
    const { code, attemptId, deadline } = await startedAndOverdue(() => null)
    await withNoSolutionsShownSince(new Date(Date.parse(deadline) - 30 * minute).toISOString(), async () => {
      succeeded(await admin.from('login_codes').update({ extra_minutes: 30 }).eq('code', code))
      succeeded(await admin.from('login_codes').update({ extra_minutes: 20 }).eq('code', code))
    })
    const moved = must(await service.from('exam_attempts').select('deadline').eq('id', attemptId).single())
    expect(Date.parse(moved.deadline)).toBe(Date.parse(deadline) + 20 * minute)
  })
})

describe('solutions asked for in a read-only call (GET or HEAD)', () => {
  it('are not shown: nothing is read without leaving the mark, which the first shown answer leaves once', async () => {
    const classmate = await classmateSubmitted()
    await withEveryExamOver(async () => {
      for (const method of ['GET', 'HEAD']) {
        const response = await fetch(`${stack.url}/rest/v1/rpc/lookup_result?code=${classmate}`, {
          method,
          headers: { apikey: stack.anonKey },
        })
        expect(response.status).toBe(405)
        expect(await response.text()).not.toMatch(/correct_answer|solutions/)
      }
      expect((await submissionsFor(classmate))[0]).toMatchObject({ solutions_shown_at: null })

      expect(await lookup(classmate)).toMatchObject({ solutions_available: true })
      const [{ solutions_shown_at: shownAt }] = must(
        await service.from('submissions').select('solutions_shown_at').eq('login_code', classmate),
      ) as [{ solutions_shown_at: string | null }]
      expect(shownAt).not.toBeNull()
      expect(await lookup(classmate)).toMatchObject({ solutions_available: true })
      expect((await submissionsFor(classmate))[0]!.solutions_shown_at).toBe(shownAt)
    })
  })
})

/** A report of the whole key from the device, made (it claims) at `reportedAt`; its outcome. */
async function reportKey(attemptId: string, code: string, key: Answers, reportedAt: string): Promise<string> {
  const reply = must(
    await anon.rpc('report_exam_attempt', {
      attempt_id: attemptId,
      code,
      answered_count: Object.keys(key).length,
      tab_switches: 0,
      state: 'in_progress',
      online: true,
      reported_at: reportedAt,
      answers: key,
    }),
  ) as { outcome: string }
  return reply.outcome
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

/** The key of the exam `code` was given (its snapshot), read as the service role. */
async function keyOfExam(code: string): Promise<Answers> {
  const rows = must(await service.from('attempt_questions').select('question_number, correct_answer').eq('login_code', code))
  return Object.fromEntries(rows.map((q) => [String(q.question_number), q.correct_answer]))
}
