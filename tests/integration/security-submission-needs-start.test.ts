import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, serviceClient } from './clients.ts'
import {
  answerKey,
  attemptsEndedAfterEachTest,
  everyTable,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  must,
  startExam,
  submissionsFor,
  submitExamArgs,
  succeeded,
  withSchedule,
  codeStatus,
} from './exam-data.ts'

/**
 * Issue 23, item 2: a code that never started could submit at any time. Four hours after its
 * window closed, an absent student's code sent a backdated sheet with every answer right and it
 * was stored 50/50, with no "Arrived late" and nothing in the Proctor Room. A real device always
 * starts before it submits (exam_questions records the attempt and serves the questions), so the
 * server refuses a new submission whose code has no recorded start, through submit_exam and the
 * administrators' answer-file recovery alike, and changes nothing (migration 20261127000300).
 */

type Outcome = { outcome: string } & Record<string, unknown>

const anon = anonClient()
const service = serviceClient()
const { newCode } = loginCodesPerFile()
const started = attemptsEndedAfterEachTest()
let admin: SupabaseClient<Database>

beforeAll(async () => {
  admin = await adminClient()
})

/** Every question 1 to 50 of the bank answered right: the sheet an attacker who knows the key sends. */
async function allRightAnswers(): Promise<Record<string, string>> {
  const key = await answerKey()
  return Object.fromEntries([...key].filter(([number]) => number >= 1 && number <= 50).map(([n, letter]) => [String(n), letter]))
}

async function submit(args: ReturnType<typeof submitExamArgs>): Promise<Outcome> {
  return must(await anon.rpc('submit_exam', args)) as Outcome
}

/** What a refused call must leave as it was: every table, and the tallies the results screens read. */
async function everythingStored() {
  return {
    ...(await everyTable()),
    submission_tallies: must(await service.from('submission_tallies').select('*').order('bucket').order('shard')),
  }
}

describe('a submission without a recorded start', () => {
  it('is refused for a code that never started, backdated into a window that closed hours ago, changing nothing', async () => {
    const code = await newCode()
    const answers = await allRightAnswers()
    await withSchedule({ start_time: isoFromNow(-6 * hour), end_time: isoFromNow(-4 * hour) }, async () => {
      const args = submitExamArgs(code, {
        answers,
        started_at: isoFromNow(-5 * hour),
        submitted_at: isoFromNow(-4 * hour - 30 * minute),
        time_taken: 1800,
        tab_switches: 0,
      })
      const before = await everythingStored()
      expect(await submit(args)).toEqual({ outcome: 'not_started' })
      expect(await everythingStored()).toEqual(before)
      expect(await submissionsFor(code)).toEqual([])
      // A retry of the same refused submission is refused the same way.
      expect(await submit(args)).toEqual({ outcome: 'not_started' })
    })
    const unused = codeStatus(must(await anon.rpc('check_login_code', { code })))
    expect(unused).toBe('valid')
  })

  it('is refused for a code that never started while its window is open, and the code can then start and submit', async () => {
    const code = await newCode()
    const answers = await allRightAnswers()
    const refused = submitExamArgs(code, { answers })
    expect(await submit(refused)).toEqual({ outcome: 'not_started' })
    expect(await submissionsFor(code)).toEqual([])

    // The same code, started as a device starts it, submits its sheet and is scored.
    const attemptId = randomUUID()
    const exam = await startExam(code, attemptId, anon)
    started.push(attemptId)
    const args = submitExamArgs(code, { submission_id: attemptId, answers, submitted_at: isoFromNow(0) })
    expect(await submit(args)).toMatchObject({ outcome: 'accepted', score: exam.questions.length, total: exam.questions.length })
    expect(await submissionsFor(code)).toMatchObject([{ id: attemptId, arrived_late: false }])
  })

  it('is refused when an administrator recovers an answer file of a code with no recorded start, changing nothing', async () => {
    // The file's key comes with a start; the start is then taken away, as for a code never started.
    const code = await newCode()
    const attemptId = randomUUID()
    const exam = await startExam(code, attemptId, anon)
    succeeded(await service.from('exam_attempts').delete().eq('login_code', code))
    const submission: ExamSubmission = {
      ...submitExamArgs(code, { submission_id: attemptId, answers: await allRightAnswers(), started_at: isoFromNow(-minute) }),
      submitted_at: isoFromNow(0),
    } as ExamSubmission
    const file = buildAnswerFile(submission, exam.answer_file_key as string)

    const before = await everythingStored()
    expect(must(await admin.rpc('recover_submission_from_file', { file: file as never }))).toEqual({ outcome: 'not_started' })
    expect(await everythingStored()).toEqual(before)
  })
})
