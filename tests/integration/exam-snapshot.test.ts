import { randomUUID } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, serviceClient } from './clients.ts'
import {
  attemptsEndedAfterEachTest,
  allQuestions,
  day,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveSnapshotTaken,
  moveSubmissionPastItsExam,
  must,
  reportAnswers,
  submitExamArgs,
  succeeded,
  withEveryExamOver,
  withEveryAttemptOver,
  withOnlySchedule,
  withQuestionBankRestored,
  withSchedule,
  type Question,
} from './exam-data.ts'

/**
 * Issue 14 on the server: a code's first start takes the snapshot of the exam it is given (in its
 * own order when the schedule shuffles), every later start is served from it, and its submission
 * is scored, and its solutions listed, against it whatever the bank holds by then.
 */

type Served = { id: string; question_number: number; question_text: string; option_order: string } & Record<
  'option_a' | 'option_b' | 'option_c' | 'option_d',
  string
>
type Started = { outcome: string; questions: Served[]; answer_file_key: string }

const anon = anonClient()
const service = serviceClient()
const { newCode } = loginCodesPerFile()

const started = attemptsEndedAfterEachTest()

async function startWithKey(code: string, attemptId = randomUUID()): Promise<Started> {
  started.push(attemptId)
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada Lovelace' })) as Started
  expect(answer.outcome).toBe('ok')
  return answer
}

async function start(code: string, attemptId = randomUUID()): Promise<Served[]> {
  return (await startWithKey(code, attemptId)).questions
}

/** The code's live attempt continued on another device with the proctor's resume PIN (issue 26): what it is served. */
async function moveToAnotherDevice(code: string, fromAttemptId: string): Promise<Served[]> {
  const admin = await adminClient()
  const { pin } = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: fromAttemptId })) as { pin: string }
  const attemptId = randomUUID()
  started.push(attemptId)
  const answer = must(await anon.rpc('resume_exam_attempt', { code, pin, attempt_id: attemptId })) as Started
  expect(answer.outcome).toBe('ok')
  return answer.questions
}

const optionText = (question: Pick<Question, 'option_a' | 'option_b' | 'option_c' | 'option_d'>, letter: string) =>
  question[`option_${letter.toLowerCase()}` as 'option_a']

/**
 * What a student who knows the answers clicks: the displayed option whose text is the correct
 * one, recorded (as the app does) by the original letter the served order gives that place.
 */
function pickCorrect(served: Served[], bank: Map<number, Question>): Record<string, string> {
  const answers: Record<string, string> = {}
  for (const question of served) {
    const correct = bank.get(question.question_number)!
    const shown = [...question.option_order].map((letter) => optionText(question, letter))
    const place = shown.indexOf(optionText(correct, correct.correct_answer))
    answers[String(question.question_number)] = question.option_order[place]!
  }
  return answers
}

const examBank = async () =>
  new Map((await allQuestions()).filter((q) => q.question_number <= 50).map((q) => [q.question_number, q]))
const numbers = (served: Served[]) => served.map((q) => q.question_number)
const shuffling = () => ({ start_time: isoFromNow(-hour), end_time: isoFromNow(2 * hour) })

async function snapshotOf(code: string): Promise<Tables<'attempt_questions'>[]> {
  return must(await service.from('attempt_questions').select('*').eq('login_code', code).order('position'))
}

describe('shuffled per student', () => {
  it('gives two codes different orders, each question once with its options in an order of A to D', async () => {
    await withSchedule(shuffling(), async () => {
      const [first, second] = [await start(await newCode()), await start(await newCode())]
      const canonical = [...numbers(first)].sort((a, b) => a - b)
      expect([...numbers(second)].sort((a, b) => a - b)).toEqual(canonical)
      expect(numbers(first)).not.toEqual(canonical)
      expect(numbers(first)).not.toEqual(numbers(second))
      expect(first.map((q) => q.option_order)).not.toEqual(second.map((q) => q.option_order))
      for (const question of [...first, ...second]) expect([...question.option_order].sort().join('')).toBe('ABCD')
      // Never the answer key.
      expect(JSON.stringify(first)).not.toMatch(/correct_answer/)
    })
  })

  it('serves one code the same order on a reload, on another device and after the schedule changed', async () => {
    const code = await newCode()
    let firstStart: Served[] = []
    const attemptId = randomUUID()
    await withSchedule(shuffling(), async () => {
      firstStart = await start(code, attemptId)
      expect(await start(code, attemptId)).toEqual(firstStart)
      expect(await moveToAnotherDevice(code, attemptId)).toEqual(firstStart)
    })
    await withSchedule({ ...shuffling(), shuffle_questions: false, shuffle_options: false }, async () => {
      const [live] = must(await service.from('exam_attempts').select('id').eq('login_code', code).eq('state', 'in_progress'))
      expect(await start(code, live!.id as ReturnType<typeof randomUUID>)).toEqual(firstStart)
    })
    expect((await snapshotOf(code)).map((row) => row.question_number)).toEqual(numbers(firstStart))
  })

  it('keeps today’s order for a schedule with both switches off', async () => {
    await withSchedule({ ...shuffling(), shuffle_questions: false, shuffle_options: false }, async () => {
      const served = await start(await newCode())
      expect(numbers(served)).toEqual([...numbers(served)].sort((a, b) => a - b))
      expect(new Set(served.map((q) => q.option_order))).toEqual(new Set(['ABCD']))
    })
  })

  it('scores the option whose text is correct, for every order an option can be shown in', async () => {
    const bank = await examBank()
    const seen = new Set<string>()
    await withSchedule(shuffling(), async () => {
      for (let i = 0; i < 6; i++) {
        const code = await newCode()
        const served = await start(code)
        served.forEach((q) => seen.add(q.option_order))
        const receipt = must(
          await anon.rpc(
            'submit_exam',
            submitExamArgs(code, { answers: pickCorrect(served, bank), submitted_at: isoFromNow(0) }),
          ),
        ) as { outcome: string; score: number; total: number }
        expect(receipt).toMatchObject({ outcome: 'accepted', score: served.length, total: served.length })
      }
    })
    // 300 shuffled questions show each of the 24 orders of A to D (all but certainly).
    expect(seen.size).toBe(24)
  })
})

describe('the emergency answer file of a shuffled attempt', () => {
  it('round-trips: the answers it carries (question number and original letter) score against the snapshot', async () => {
    const admin = await adminClient()
    const bank = await examBank()
    await withSchedule(shuffling(), async () => {
      const code = await newCode()
      const attemptId = randomUUID()
      const { questions, answer_file_key: key } = await startWithKey(code, attemptId)
      const file = buildAnswerFile(
        {
          ...submitExamArgs(code, {
            submission_id: attemptId,
            answers: pickCorrect(questions, bank),
            submitted_at: isoFromNow(0),
          }),
          tab_switches: 0,
        } as ExamSubmission,
        key,
      )
      await reportAnswers(attemptId, code, file.answers)
      expect(must(await admin.rpc('recover_submission_from_file', { file: file as never }))).toMatchObject({
        outcome: 'accepted',
        score: questions.length,
        total: questions.length,
      })
      expect(must(await service.from('submissions').select('answers').eq('login_code', code).single()).answers).toEqual(
        file.answers,
      )
    })
  })
})

describe('each attempt keeps the exam it was given', () => {
  it('serves, scores and lists solutions from the snapshot after the bank was re-imported with other answers', async () => {
    await withQuestionBankRestored(async (bankBefore) => {
      const bank = new Map(bankBefore.filter((q) => q.question_number <= 50).map((q) => [q.question_number, q]))
      const code = await newCode()
      const attemptId = randomUUID()
      const served = await start(code, attemptId)
      const answers = pickCorrect(served, bank)

      // A re-import: the same numbers, other texts, other keys.
      succeeded(await service.from('questions').delete().neq('id', '00000000-0000-0000-0000-000000000000'))
      succeeded(
        await service.from('questions').insert(
          [...bank.values()].map((q) => ({
            question_number: q.question_number,
            question_text: `Re-imported ${q.question_number}`,
            option_a: 'w',
            option_b: 'x',
            option_c: 'y',
            option_d: 'z',
            correct_answer: q.correct_answer === 'A' ? 'B' : 'A',
          })),
        ),
      )
      expect(await start(code, attemptId)).toEqual(served)

      const receipt = must(
        await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, answers, submitted_at: isoFromNow(0) })),
      ) as { outcome: string; score: number; total: number }
      expect(receipt).toMatchObject({ outcome: 'accepted', score: served.length, total: served.length })

      // 20 hours ago, start and submission alike, and the exam over for everyone (below).
      await moveSubmissionPastItsExam(attemptId)
      succeeded(
        await service
          .from('exam_attempts')
          .update({ started_at: isoFromNow(-20 * hour - 5 * minute), deadline: isoFromNow(-20 * hour + 25 * minute) })
          .eq('login_code', code),
      )
      const result = must(await withEveryExamOver(() => anon.rpc('lookup_result', { code }))) as {
        solutions: Array<{ question_number: number; question_text: string; is_correct: boolean }>
      }
      expect(result.solutions.map((s) => s.question_number)).toEqual([...numbers(served)].sort((a, b) => a - b))
      expect(result.solutions.every((s) => s.is_correct)).toBe(true)
      expect(result.solutions[0]!.question_text).toBe(bank.get(result.solutions[0]!.question_number)!.question_text)
    })
  })

  it('starts a code after the bank was emptied only when it has its snapshot', async () => {
    await withQuestionBankRestored(async () => {
      const started = await newCode()
      const attemptId = randomUUID()
      const served = await start(started, attemptId)
      succeeded(await service.from('questions').delete().neq('id', '00000000-0000-0000-0000-000000000000'))
      expect(await start(started, attemptId)).toEqual(served)
      expect(
        must(await anon.rpc('exam_questions', { code: await newCode(), attempt_id: randomUUID(), student_name: 'Ada Lovelace' })),
      ).toEqual({ outcome: 'no_questions' })
    })
  })

  it('goes with the questions 24 hours after the exam, while the score stays', async () => {
    const schedules = must(await service.from('exam_schedule').select('*'))
    const code = await newCode()
    const attemptId = randomUUID()
    await start(code, attemptId)
    must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, submitted_at: isoFromNow(0) })))
    const [scored] = must(await service.from('submissions').select('score').eq('login_code', code))
    try {
      // Every window closed two days ago; the snapshot was taken before that.
      succeeded(
        await service
          .from('exam_schedule')
          .update({ start_time: isoFromNow(-3 * day), end_time: isoFromNow(-2 * day) })
          .in(
            'id',
            schedules.map((s) => s.id),
          ),
      )
      await moveSnapshotTaken(code, isoFromNow(-3 * day))
      must(await service.rpc('apply_retention'))
      expect(await snapshotOf(code)).toEqual([])
      expect(must(await service.from('submissions').select('score').eq('login_code', code))).toEqual([scored])
    } finally {
      succeeded(await service.from('exam_schedule').upsert(schedules))
    }
  })
})

describe('solutions wait for time added to the room', () => {
  it('holds a submission’s solutions past the new deadline of a classmate given time for the whole room', async () => {
    const admin = await adminClient()
    // The only active window and nobody else writing (an attempt another file started in the last 5
    // minutes would be in it), so nothing but the classmate holds the solutions past its end.
    await withEveryAttemptOver(() =>
      withOnlySchedule({ start_time: isoFromNow(-5 * minute), end_time: isoFromNow(10 * minute) }, async () => {
        const done = await newCode()
        const writing = await newCode()
        const doneAttempt = randomUUID()
        await start(done, doneAttempt)
        const writingAttempt = randomUUID()
        await start(writing, writingAttempt)
        must(await anon.rpc('submit_exam', submitExamArgs(done, { submission_id: doneAttempt, submitted_at: isoFromNow(0) })))
        expect(must(await admin.rpc('add_time_for_everyone', { minutes: 30 }))).toMatchObject({ outcome: 'added', students: 1 })
        const { deadline } = must(await service.from('exam_attempts').select('deadline').eq('id', writingAttempt).single())
        const result = must(await anon.rpc('lookup_result', { code: done })) as {
          solutions_release_at: string
          solutions: unknown
        }
        expect(result.solutions).toBeNull()
        // The classmate's deadline (the window's end, 30 minutes later) and the 2 minutes of grace.
        expect(Date.parse(result.solutions_release_at)).toBeGreaterThanOrEqual(Date.parse(deadline) + 2 * minute)
        // Leave nobody writing for the files after this one.
        succeeded(
          await service
            .from('exam_attempts')
            .update({ deadline: isoFromNow(-3 * minute) })
            .eq('id', writingAttempt),
        )
      }),
    )
  })
})
