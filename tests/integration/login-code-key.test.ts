import { randomInt, randomUUID } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import { startAttempt, reportAttempt, type Outcome } from './attempt-steps.ts'
import { adminClient, anonClient, anonClientWith, serviceClient, type Client } from './clients.ts'
import {
  deleteCodes,
  isoFromNow,
  minute,
  must,
  readCode,
  reportAnswers,
  submissionsFor,
  submitExamArgs,
  succeeded,
} from './exam-data.ts'

/**
 * Issue 27, codes nobody mistypes: a code is found by its key (trimmed, upper-cased, O read as 0,
 * I and L as 1) on both sides, so a code made before the alphabet lost O, I and L works typed
 * either way through every student call, answering its stored spelling; a new code sharing a key
 * with another is refused; a wrong code is still one failed guess.
 */

const service = serviceClient()
const anon = anonClient()
let admin: Client

/** This file's students' address, as a gateway names it (a documentation address no other test uses). */
const address = '192.0.2.127'

const made: string[] = []

beforeAll(async () => {
  admin = await adminClient()
})

afterAll(async () => {
  await deleteCodes(made)
  succeeded(await service.from('code_guess_failures').delete().eq('client_address', address))
})

const safeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/**
 * A code as the old alphabet could make it: "LOIO" then four characters that are no look-alike
 * (so its key, "1010…", names no other test's code). Inserted with the service role, as it is stored.
 */
async function oldCode(): Promise<{ stored: string; typedAsKey: string }> {
  let tail = ''
  for (let i = 0; i < 4; i++) tail += safeAlphabet[randomInt(safeAlphabet.length)]
  const stored = `LOIO${tail}`
  succeeded(await service.from('login_codes').insert({ code: stored }))
  made.push(stored)
  return { stored, typedAsKey: `1010${tail}` }
}

async function call(client: Client, name: 'check_login_code' | 'lookup_result', code: string): Promise<Outcome> {
  return must(await client.rpc(name, { code })) as Outcome
}

describe('a code with O, I or L, made before the new alphabet', () => {
  it('is checked, started, reported, resumed, submitted and looked up typed with 0 and 1, answering its stored spelling', async () => {
    const { stored, typedAsKey } = await oldCode()
    const typedLoosely = ` ${typedAsKey.toLowerCase()}\t`

    for (const typed of [typedAsKey, typedLoosely, stored, stored.toLowerCase()]) {
      expect(await call(anon, 'check_login_code', typed)).toMatchObject({ outcome: 'valid', login_code: stored })
    }

    const attemptId = randomUUID()
    const { answer: started } = await startAttempt(typedAsKey, attemptId)
    expect(started).toMatchObject({ outcome: 'ok', login_code: stored })
    const attempt = must(await service.from('exam_attempts').select('login_code').eq('id', attemptId).single())
    expect(attempt.login_code).toBe(stored)
    // The device asking again (a lost answer) under either spelling is its own attempt.
    expect((await startAttempt(stored, attemptId)).answer).toMatchObject({ outcome: 'ok', login_code: stored })

    const report = await reportAttempt(attemptId, typedLoosely, { answered_count: 1, answers: { '1': 'A' } })
    expect(report.outcome).toBe('ok')
    const resumed = must(await anon.rpc('resume_exam_attempt', { code: typedAsKey, pin: '', attempt_id: attemptId })) as Outcome
    expect(resumed).toMatchObject({ outcome: 'ok', login_code: stored, restored: { answers: { '1': 'A' } } })

    const submitted = must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(typedAsKey, { submission_id: attemptId, started_at: isoFromNow(-5 * minute) }),
      ),
    ) as Outcome
    expect(submitted.outcome).toBe('accepted')
    const [submission] = await submissionsFor(stored)
    expect(submission?.id).toBe(attemptId)
    expect((await readCode(stored)).is_used).toBe(true)

    expect(await call(anon, 'check_login_code', typedAsKey)).toEqual({ outcome: 'used', login_code: stored })
    for (const typed of [typedAsKey, stored]) {
      expect(await call(anon, 'lookup_result', typed)).toMatchObject({
        outcome: 'ok',
        login_code: stored,
        score: expect.any(Number),
      })
    }
  })

  it('has its answer file recovered whether the file spells the code as stored or as typed', async () => {
    for (const spelling of ['stored', 'typedAsKey'] as const) {
      const codes = await oldCode()
      const attemptId = randomUUID()
      const { answer: started } = await startAttempt(codes.typedAsKey, attemptId)
      await reportAnswers(attemptId, codes.typedAsKey, { '1': 'B', '2': 'C' })
      const submission = submitExamArgs(codes[spelling], {
        submission_id: attemptId,
        answers: { '1': 'B', '2': 'C' },
        started_at: isoFromNow(-5 * minute),
      }) as ExamSubmission
      const file = buildAnswerFile(submission, started.answer_file_key as string)
      expect(file.login_code).toBe(codes[spelling])

      const recovered = must(await admin.rpc('recover_submission_from_file', { file: file as never })) as Outcome
      expect(recovered).toMatchObject({ outcome: 'accepted', already_received: false, check: { counted: 2 } })
      const [stored] = await submissionsFor(codes.stored)
      expect(stored).toMatchObject({ id: attemptId, recovered_from_file: true, answers: { '1': 'B', '2': 'C' } })
    }
  })

  it('refuses an answer file whose tag was made with another code’s key', async () => {
    const first = await oldCode()
    const second = await oldCode()
    const attemptId = randomUUID()
    await startAttempt(first.typedAsKey, attemptId)
    await reportAnswers(attemptId, first.stored, { '1': 'B' })
    const otherKey = (await startAttempt(second.stored)).answer.answer_file_key as string
    const submission = submitExamArgs(first.stored, { submission_id: attemptId, answers: { '1': 'B' } }) as ExamSubmission
    const recovered = must(
      await admin.rpc('recover_submission_from_file', { file: buildAnswerFile(submission, otherKey) as never }),
    ) as Outcome
    expect(recovered.outcome).toBe('bad_tag')
    expect(await submissionsFor(first.stored)).toEqual([])
  })
})

describe('a new code', () => {
  it('is refused when its key is another code’s, by the Login Code Manager’s insert and by the operator’s update', async () => {
    const { stored, typedAsKey } = await oldCode()
    const insert = await admin.from('login_codes').insert({ code: typedAsKey })
    expect(insert.error?.code).toBe('23505')
    const swapped = `${stored.slice(0, 2)}1${stored.slice(3)}` // LOIO… as LO1O…: the same key
    const batch = await admin.from('login_codes').insert([{ code: `ZZ${stored.slice(2)}` }, { code: swapped }])
    expect(batch.error?.code).toBe('23505')
    made.push(typedAsKey, swapped, `ZZ${stored.slice(2)}`)
    expect(
      must(
        await service
          .from('login_codes')
          .select('code')
          .in('code', [typedAsKey, swapped, `ZZ${stored.slice(2)}`]),
      ),
    ).toEqual([])

    const other = await oldCode()
    const { id } = await readCode(other.stored)
    // Administrators cannot rename a code at all; the service role can, and is refused too.
    const update = await service.from('login_codes').update({ code: typedAsKey }).eq('id', id)
    expect(update.error?.code).toBe('23505')
    expect((await readCode(other.stored)).id).toBe(id)
  })
})

describe('a wrong code', () => {
  async function failures(): Promise<number> {
    const rows = must(await service.from('code_guess_failures').select('failures').eq('client_address', address))
    return rows.reduce((sum, row) => sum + row.failures, 0)
  }

  it('counts once as a failed guess, where a code typed by its key counts nothing', async () => {
    const student = anonClientWith({ 'X-Forwarded-For': address })
    const { typedAsKey } = await oldCode()
    const before = await failures()
    expect(await call(student, 'check_login_code', typedAsKey)).toMatchObject({ outcome: 'valid' })
    expect(await call(student, 'lookup_result', typedAsKey)).toMatchObject({ outcome: 'unused' })
    expect(await failures()).toBe(before)

    // Another code's key, one character off: no code at all.
    const wrong = `${typedAsKey.slice(0, 7)}${typedAsKey.endsWith('Z') ? 'Y' : 'Z'}`
    made.push(wrong)
    expect(await call(student, 'check_login_code', wrong)).toEqual({ outcome: 'invalid' })
    expect(await failures()).toBe(before + 1)
    expect(await call(student, 'lookup_result', wrong)).toEqual({ outcome: 'invalid' })
    expect(await failures()).toBe(before + 2)
  })
})
