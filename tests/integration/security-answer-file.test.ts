import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile, type AnswerFile } from '../../src/domain/answer-file.ts'
import type { Answers } from '../../src/domain/exam-attempt.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, anonClientWith, serviceClient } from './clients.ts'
import {
  everyTable,
  isoFromNow,
  reportArgs,
  type ReportArgs,
  loginCodesPerFile,
  minute,
  must,
  readCode,
  submissionsFor,
  submitExamArgs,
  succeeded,
  codeStatus,
} from './exam-data.ts'

/**
 * Issue 23, item 3: the answer file's tag key reaches the student's own device, so a student can
 * re-tag a file with any answers. A recovered file counts only the answers that match what its
 * device reported to the server in time; a device's reports are never refused by the guessing
 * limit of its address.
 */

type Client = SupabaseClient<Database>
type Outcome = { outcome: string } & Record<string, unknown>
type Attempt = Tables<'exam_attempts'>
interface Difference {
  question: number
  reported: string | null
  file: string | null
}

const anon = anonClient()
const service = serviceClient()
let admin: Client
const { newCode } = loginCodesPerFile()

beforeAll(async () => {
  admin = await adminClient()
})

/** Addresses of this file's students, as a gateway names them (a documentation range no other test uses). */
const limitedAddress = '192.0.2.31'
const freeAddress = '192.0.2.32'

afterAll(async () => {
  succeeded(await service.from('code_guess_failures').delete().in('client_address', [limitedAddress, freeAddress]))
})

/** A device starting the exam: its attempt id, the code's answer-file key and the questions' key from its snapshot. */
async function start(code: string, client: Client = anon) {
  const attemptId = randomUUID()
  const answer = must(
    await client.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Mallory Student' }),
  ) as Outcome
  expect(answer.outcome).toBe('ok')
  const snapshot = must(await service.from('attempt_questions').select('question_number, correct_answer').eq('login_code', code))
  const key: Answers = Object.fromEntries(snapshot.map((q) => [String(q.question_number), q.correct_answer as 'A']))
  return { attemptId, fileKey: answer.answer_file_key as string, key }
}

async function report(args: ReportArgs, client: Client = anon): Promise<Outcome> {
  return must(await client.rpc('report_exam_attempt', args)) as Outcome
}

async function attempt(id: string): Promise<Attempt> {
  return must(await service.from('exam_attempts').select('*').eq('id', id).single())
}

/** The attempt's deadline (and its start) moved `ms` into the past, as if it had started that much earlier. */
async function backdate(id: string, ms: number): Promise<void> {
  const row = await attempt(id)
  const shifted = (iso: string) => new Date(Date.parse(iso) - ms).toISOString()
  succeeded(
    await service
      .from('exam_attempts')
      .update({ started_at: shifted(row.started_at), deadline: shifted(row.deadline) })
      .eq('id', id),
  )
}

/** An answer file tagged with the code's key, as a student holding that key can make one, answers and all. */
function taggedFile(code: string, attemptId: string, fileKey: string, answers: Answers, submittedAt = isoFromNow(0)): AnswerFile {
  const submission = submitExamArgs(code, {
    submission_id: attemptId,
    student_name: 'Mallory Student',
    answers,
    started_at: isoFromNow(-40 * minute),
    submitted_at: submittedAt,
  }) as ExamSubmission
  return buildAnswerFile(submission, fileKey)
}

async function recover(file: AnswerFile): Promise<Outcome> {
  return must(await admin.rpc('recover_submission_from_file', { file: file as never })) as Outcome
}

/** Another letter than `letter`. */
const wrong = (letter: string) => (letter === 'A' ? 'B' : 'A')

function answersOf(key: Answers, numbers: number[], pick: (letter: string) => string = (letter) => letter): Answers {
  return Object.fromEntries(numbers.map((n) => [String(n), pick(key[String(n)]!) as 'A']))
}

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i)

describe('an answer file re-tagged by the student', () => {
  it('counts only the answers that match what the device reported in time, and records what differed', async () => {
    const code = await newCode()
    const { attemptId, fileKey, key } = await start(code)
    const questions = Object.keys(key).length
    expect(questions).toBeGreaterThanOrEqual(10)
    // In time, the device held five right answers and five wrong ones.
    const reported = { ...answersOf(key, range(1, 5)), ...answersOf(key, range(6, 10), wrong) }
    expect(await report(reportArgs(attemptId, code, { answered_count: 10, answers: reported }))).toMatchObject({ outcome: 'ok' })

    // After the exam the student re-tags a file with every answer right.
    const forged = taggedFile(code, attemptId, fileKey, key)
    const receipt = await recover(forged)
    expect(receipt).toMatchObject({ outcome: 'accepted', score: 5, total: questions, already_received: false })

    const [stored, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(stored).toMatchObject({ score: 5, answers: answersOf(key, range(1, 5)), recovered_from_file: true })
    const differences: Difference[] = [
      ...range(6, 10).map((n) => ({ question: n, reported: wrong(key[String(n)]!), file: key[String(n)]! })),
      ...range(11, questions).map((n) => ({ question: n, reported: null, file: key[String(n)]! })),
    ]
    expect(receipt.check).toEqual(stored!.recovery_check)
    const { reported_at, received_at, ...counts } = stored!.recovery_check as Record<string, unknown>
    expect(counts).toEqual({ file_answers: questions, counted: 5, differences })
    const row = await attempt(attemptId)
    expect(Date.parse(reported_at as string)).toBe(Date.parse(row.reported_answers_at!))
    expect(Date.parse(received_at as string)).toBe(Date.parse(row.reported_answers_received_at!))

    // Test Results and the printed report mark it with the answers not counted.
    const day = stored!.submitted_at.slice(0, 10)
    const results = must(await admin.rpc('admin_day_results', { time_zone: 'UTC', day, search: code }))
    expect(results.map((result) => [result.recovered_from_file, result.uncounted_answers])).toEqual([[true, questions - 5]])
  })

  it('lists an answer the device reported that the file leaves out', async () => {
    const code = await newCode()
    const { attemptId, fileKey, key } = await start(code)
    await report(reportArgs(attemptId, code, { answers: answersOf(key, [1, 2, 3]) }))
    const receipt = await recover(taggedFile(code, attemptId, fileKey, answersOf(key, [1, 2])))
    expect(receipt).toMatchObject({ outcome: 'accepted', score: 2 })
    expect(receipt.check).toMatchObject({
      file_answers: 2,
      counted: 2,
      differences: [{ question: 3, reported: key['3'], file: null }],
    })
  })

  it('records nothing from a file whose device never reported its answers in time', async () => {
    const code = await newCode()
    const { attemptId, fileKey, key } = await start(code)
    // An app from before answers were reported: progress only.
    expect(await report(reportArgs(attemptId, code, { answered_count: 3 }))).toMatchObject({ outcome: 'ok' })
    const tables = await everyTable()
    expect(await recover(taggedFile(code, attemptId, fileKey, key))).toEqual({ outcome: 'not_reported' })
    expect(await everyTable()).toEqual(tables)
    expect((await readCode(code)).is_used).toBe(false)
  })
})

describe('the copy of the answers a report carries', () => {
  it('is not changed by a report received after the deadline plus 2 minutes, whatever time the device claims', async () => {
    const code = await newCode()
    const { attemptId, fileKey, key } = await start(code)
    const inTime = answersOf(key, [1, 2, 3], wrong)
    await report(reportArgs(attemptId, code, { reported_at: isoFromNow(-minute), answers: inTime }))
    const before = await attempt(attemptId)
    expect(before.reported_answers).toEqual(inTime)

    // The deadline passed 3 minutes ago; the device claims it made this report a second before it.
    await backdate(attemptId, 33 * minute)
    const deadline = (await attempt(attemptId)).deadline
    const late = reportArgs(attemptId, code, {
      reported_at: new Date(Date.parse(deadline) - 1000).toISOString(),
      answers: answersOf(key, [1, 2, 3]),
    })
    expect(await report(late)).toMatchObject({ outcome: 'ok' })
    const after = await attempt(attemptId)
    expect(after).toMatchObject({
      reported_answers: inTime,
      reported_answers_at: before.reported_answers_at,
      reported_answers_received_at: before.reported_answers_received_at,
    })

    // So a file with the late answers counts none of them (its own stamp is in time).
    const stamped = taggedFile(code, attemptId, fileKey, answersOf(key, [1, 2, 3]), late.reported_at)
    expect(await recover(stamped)).toMatchObject({ outcome: 'accepted', score: 0, check: { counted: 0, file_answers: 3 } })
  })

  it('is not replaced by an older report arriving after a newer one', async () => {
    const code = await newCode()
    const { attemptId, key } = await start(code)
    const newer = answersOf(key, [1, 2, 3, 4])
    await report(reportArgs(attemptId, code, { reported_at: isoFromNow(0), answers: newer }))
    const kept = await attempt(attemptId)
    expect(
      await report(reportArgs(attemptId, code, { reported_at: isoFromNow(-minute), answers: answersOf(key, [1], wrong) })),
    ).toMatchObject({
      outcome: 'ok',
    })
    expect(await attempt(attemptId)).toMatchObject({
      reported_answers: newer,
      reported_answers_at: kept.reported_answers_at,
      reported_answers_received_at: kept.reported_answers_received_at,
    })
    // A newer one replaces it.
    const newest = answersOf(key, [1, 2, 3, 4, 5])
    await report(reportArgs(attemptId, code, { reported_at: isoFromNow(0), answers: newest }))
    expect((await attempt(attemptId)).reported_answers).toEqual(newest)
  })

  it('is answered with nothing but the deadline: no key, no score', async () => {
    const code = await newCode()
    const { attemptId, key } = await start(code)
    const answer = await report(reportArgs(attemptId, code, { answers: key }))
    expect(Object.keys(answer).sort()).toEqual(['deadline', 'outcome', 'server_now'])
  })

  it.each<[string, unknown]>([
    ['a list', ['A']],
    ['a question 0', { '0': 'A' }],
    ['a question 51', { '51': 'A' }],
    ['a question number with a leading zero', { '01': 'A' }],
    ['an answer E', { '1': 'E' }],
    ['a lower-case answer', { '1': 'a' }],
    ['an answer as a list', { '1': ['A'] }],
  ])('refuses answers with %s with 400, changing nothing', async (_name, answers) => {
    const code = await newCode()
    const { attemptId } = await start(code)
    const tables = await everyTable()
    const { error, status } = await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, { answers: answers as never }))
    expect(status).toBe(400)
    expect(error).toMatchObject({ code: '22023', message: 'answers must map question numbers 1 to 50 to A, B, C or D' })
    expect(await everyTable()).toEqual(tables)
  })
})

describe('the guessing limit and a device’s reports', () => {
  async function failuresOf(address: string): Promise<number> {
    const rows = must(await service.from('code_guess_failures').select('failures').eq('client_address', address))
    return rows.reduce((sum, row) => sum + row.failures, 0)
  }

  it('never refuses a report naming an existing attempt with its code, while the address is limited', async () => {
    const student = anonClientWith({ 'X-Forwarded-For': limitedAddress })
    const code = await newCode()
    const other = await newCode()
    const { attemptId } = await start(code, student)
    // A classmate behind the same address guessed codes until the limit (as the limit tests make it).
    succeeded(
      await service.from('code_guess_failures').insert({
        client_address: limitedAddress,
        minute: new Date(Math.floor(Date.now() / minute) * minute).toISOString(),
        failures: 1_000_000,
      }),
    )
    expect(codeStatus(must(await student.rpc('check_login_code', { code: other })))).toBe('rate_limited')

    expect(await report(reportArgs(attemptId, code.toLowerCase(), { answered_count: 1 }), student)).toMatchObject({
      outcome: 'ok',
    })
    expect(
      await report(reportArgs(attemptId, code, { answered_count: 2, answers: { '1': 'A', '2': 'B' } }), student),
    ).toMatchObject({
      outcome: 'ok',
    })
    expect(await attempt(attemptId)).toMatchObject({ answered_count: 2, reported_answers: { '1': 'A', '2': 'B' } })
    // An attempt id with another code, or an unknown one, proves nothing: still limited.
    expect(await report(reportArgs(attemptId, other), student)).toEqual({ outcome: 'rate_limited' })
    expect(await report(reportArgs(randomUUID(), code), student)).toEqual({ outcome: 'rate_limited' })
  })

  it('still counts a report of an attempt that does not exist as a failed guess', async () => {
    const client = anonClientWith({ 'X-Forwarded-For': freeAddress })
    const code = await newCode()
    const { attemptId } = await start(code, client)
    expect(await report(reportArgs(attemptId, code), client)).toMatchObject({ outcome: 'ok' })
    expect(await failuresOf(freeAddress)).toBe(0)
    expect(await report(reportArgs(randomUUID(), code), client)).toEqual({ outcome: 'invalid' })
    expect(await failuresOf(freeAddress)).toBe(1)
  })
})
