import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import * as v from 'valibot'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../src/lib/api/database.types.ts'
import { resultLookupAnswerSchema } from '../../src/lib/student/rpc-answers.ts'
import { adminClient, anonClient, nonAdminClient, serviceClient } from './clients.ts'
import {
  allQuestions,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveSubmissionPastItsExam,
  must,
  restoreQuestions,
  submitExamArgs,
  succeeded,
  withEveryExamOver,
  zeroUuid,
  type Question,
} from './exam-data.ts'

/**
 * Issue 15, answer-key correction with regrade on the server: the dry run's figures against a
 * direct computation over the submissions' answers, the applied regrade against the same, each
 * submission against its own exam, idempotence, several answers accepted and a void question, a
 * submission sent after the correction scored with it, the student's old score, and the solutions
 * page marking what the corrected key accepts.
 */

type Client = SupabaseClient<Database>
const service = serviceClient()
const anon = anonClient()
let admin: Client
const { newCode } = loginCodesPerFile()
let bankBefore: Question[]
let bank: Question[]
const key: Record<string, string> = { '1': 'A', '2': 'B', '3': 'C' }
const students = [
  { name: 'Regrade One', answers: { '1': 'A', '2': 'B', '3': 'C' } },
  { name: 'Regrade Two', answers: { '1': 'A', '2': 'B', '3': 'D' } },
  { name: 'Regrade Three', answers: { '1': 'A', '2': 'C', '3': 'D' } },
  { name: 'Regrade Four', answers: { '1': 'B', '2': 'C', '3': 'D' } },
]
const submitted: { id: string; code: string; answers: Record<string, string> }[] = []

/** A device starting the exam (its snapshot is taken) and sending its answers. */
async function sit(name: string, answers: Record<string, string>) {
  const code = await newCode()
  const id = randomUUID()
  expect(must(await anon.rpc('exam_questions', { code, attempt_id: id, student_name: name }))).toMatchObject({ outcome: 'ok' })
  return {
    code,
    id,
    send: async () => {
      const receipt = must(
        await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: id, student_name: name, answers })),
      ) as {
        outcome: string
        score: number
      }
      expect(receipt.outcome).toBe('accepted')
      submitted.push({ id, code, answers })
      return receipt
    },
  }
}

/** The direct computation: a score under a key entry per question ('*' counts for everyone). */
function scoreOf(answers: Record<string, string>, against: Record<string, string>): number {
  return Object.entries(against).filter(
    ([n, accepted]) => accepted === '*' || (answers[n] !== undefined && accepted.includes(answers[n] as string)),
  ).length
}
const passes = (score: number) => Math.round((score * 100) / 3) >= 60

function expectedFigures(before: Record<string, string>, after: Record<string, string>) {
  const rows = submitted.map((row) => ({ old: scoreOf(row.answers, before), next: scoreOf(row.answers, after) }))
  const average = (values: number[]) => Math.round((values.reduce((a, b) => a + b, 0) / values.length) * 100) / 100
  return {
    submissions: rows.length,
    changed: rows.filter((row) => row.old !== row.next).length,
    fail_to_pass: rows.filter((row) => !passes(row.old) && passes(row.next)).length,
    pass_to_fail: rows.filter((row) => passes(row.old) && !passes(row.next)).length,
    average_before: average(rows.map((row) => row.old)),
    average_after: average(rows.map((row) => row.next)),
  }
}

async function storedScores() {
  const rows = must(
    await service
      .from('submissions')
      .select('id, score, score_before_regrade, regraded_at')
      .in(
        'id',
        submitted.map((row) => row.id),
      ),
  )
  return new Map(rows.map((row) => [row.id, row]))
}

/**
 * Each student's solutions page marks what their score counts: every accepted answer, a void
 * question correct for everyone, the snapshot's own letter kept as correct_answer.
 */
async function expectSolutionsMarkedAgainst(against: Record<string, string>) {
  for (const row of submitted) {
    const answer = must(await withEveryExamOver(() => anon.rpc('lookup_result', { code: row.code }))) as {
      score: number
      solutions: { question_number: number; correct_answer: string; accepted: string; is_correct: boolean }[]
    }
    expect(answer.score).toBe(scoreOf(row.answers, against))
    expect(
      answer.solutions.map(({ question_number, correct_answer, accepted, is_correct }) => ({
        question_number,
        correct_answer,
        accepted,
        is_correct,
      })),
    ).toEqual(
      Object.entries(against).map(([n, accepted]) => ({
        question_number: Number(n),
        correct_answer: /^[ABCD]$/.test(accepted) ? accepted : key[n],
        accepted,
        is_correct: scoreOf({ [n]: row.answers[n] as string }, { [n]: accepted }) === 1,
      })),
    )
    const parsed = v.parse(resultLookupAnswerSchema, answer)
    const solutions = parsed.outcome === 'ok' ? parsed.solutions : null
    expect(solutions?.map((solution) => solution.accepted)).toEqual(
      Object.values(against).map((accepted) => (accepted === '*' ? 'void' : accepted.split(''))),
    )
  }
}

const questionId = (n: number) => bank.find((q) => q.question_number === n)?.id as string

beforeAll(async () => {
  admin = await adminClient()
  bankBefore = await allQuestions()
  succeeded(await service.from('questions').delete().neq('id', zeroUuid))
  bank = must(
    await service
      .from('questions')
      .insert(
        Object.entries(key).map(([n, correct]) => ({
          question_number: Number(n),
          question_text: `Question ${n}?`,
          option_a: 'One',
          option_b: 'Two',
          option_c: 'Three',
          option_d: 'Four',
          correct_answer: correct,
        })),
      )
      .select(),
  )
  for (const student of students) await (await sit(student.name, student.answers)).send()
  // Their exam was 20 hours ago: once it is over for everyone, their solutions pages list the solutions.
  for (const row of submitted) {
    await moveSubmissionPastItsExam(row.id)
    succeeded(
      await service
        .from('exam_attempts')
        .update({ started_at: isoFromNow(-20 * hour - 5 * minute), deadline: isoFromNow(-20 * hour + 25 * minute) })
        .eq('login_code', row.code),
    )
  }
})

afterAll(async () => {
  await restoreQuestions(bankBefore)
})

describe('regrade_question', () => {
  it('answers a dry run that matches a direct computation, and changes nothing', async () => {
    const before = await storedScores()
    const dry = must(await admin.rpc('regrade_question', { question_id: questionId(3), accepted: 'D' }))
    expect(dry).toEqual({
      outcome: 'dry_run',
      question_number: 3,
      from: 'C',
      to: 'D',
      ...expectedFigures(key, { ...key, '3': 'D' }),
    })
    expect(dry).toMatchObject({ changed: 4, fail_to_pass: 1, pass_to_fail: 0 })
    expect(await storedScores()).toEqual(before)
  })

  it('applies it: every submission rescored against its own exam, the changed ones marked with their first score', async () => {
    const applied = must(await admin.rpc('regrade_question', { question_id: questionId(3), accepted: 'D', apply: true }))
    expect(applied).toMatchObject({ outcome: 'applied', ...expectedFigures(key, { ...key, '3': 'D' }) })
    const stored = await storedScores()
    for (const row of submitted) {
      const old = scoreOf(row.answers, key)
      expect(stored.get(row.id)).toMatchObject({ score: scoreOf(row.answers, { ...key, '3': 'D' }), score_before_regrade: old })
      expect(stored.get(row.id)?.regraded_at).toEqual(expect.any(String))
    }
    expect(must(await admin.rpc('regrade_question', { question_id: questionId(3), accepted: 'D', apply: true }))).toMatchObject({
      outcome: 'unchanged',
      changed: 0,
    })
    const [question] = must(await service.from('questions').select('correct_answer').eq('id', questionId(3)))
    expect(question?.correct_answer).toBe('D')
    const log = must(
      await admin.from('audit_log').select('action, subject, details').eq('action', 'key_corrected').eq('subject', '3'),
    )
    expect(log.at(-1)).toMatchObject({ details: { from: 'C', to: 'D', changed: 4 } })
  })

  it('accepts several answers and voids a question, each student keeping the first score they had', async () => {
    const corrected = { ...key, '3': 'D', '2': 'BC' }
    expect(must(await admin.rpc('regrade_question', { question_id: questionId(2), accepted: 'cb', apply: true }))).toMatchObject({
      outcome: 'applied',
      from: 'B',
      to: 'BC',
      ...expectedFigures({ ...key, '3': 'D' }, corrected),
    })
    await expectSolutionsMarkedAgainst(corrected)
    const voided = { ...corrected, '1': '*' }
    expect(must(await admin.rpc('regrade_question', { question_id: questionId(1), accepted: '*', apply: true }))).toMatchObject({
      outcome: 'applied',
      ...expectedFigures(corrected, voided),
    })
    await expectSolutionsMarkedAgainst(voided)
    const stored = await storedScores()
    for (const row of submitted) {
      expect(stored.get(row.id)).toMatchObject({
        score: scoreOf(row.answers, voided),
        score_before_regrade: scoreOf(row.answers, key),
      })
    }
  })

  it('scores a submission sent after the correction with it, and tells the student the score it had', async () => {
    const late = await sit('Regrade Late', { '1': 'D', '2': 'C', '3': 'D' })
    const receipt = await late.send()
    expect(receipt.score).toBe(3)
    const regraded = submitted[0] as { code: string; answers: Record<string, string> }
    expect(must(await anon.rpc('lookup_result', { code: regraded.code }))).toMatchObject({
      outcome: 'ok',
      score: scoreOf(regraded.answers, { '1': '*', '2': 'BC', '3': 'D' }),
      regraded_from: 3,
    })
  })

  it('scores a submission sent while a regrade is applied with the new key, whichever commits first', async () => {
    const racing = await sit('Regrade Racing', { '1': 'A', '2': 'B', '3': 'C' })
    const [, receipt] = await Promise.all([
      admin.rpc('regrade_question', { question_id: questionId(3), accepted: 'C', apply: true }),
      racing.send(),
    ])
    const [stored] = must(await service.from('submissions').select('score').eq('id', racing.id))
    const now = { '1': '*', '2': 'BC', '3': 'C' }
    expect(stored?.score).toBe(scoreOf({ '1': 'A', '2': 'B', '3': 'C' }, now))
    expect(receipt.score).toBeLessThanOrEqual(3)
  })

  it('refuses a key that is not letters A to D or *, and anyone but an administrator', async () => {
    for (const accepted of ['', 'E', 'AX', '**']) {
      expect((await admin.rpc('regrade_question', { question_id: questionId(1), accepted })).error?.code).toBe('22023')
    }
    const nonAdmin = await nonAdminClient()
    expect((await nonAdmin.rpc('regrade_question', { question_id: questionId(1), accepted: 'A' })).error?.code).toBe('42501')
  })
})
