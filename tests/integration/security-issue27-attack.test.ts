import { randomInt, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile, type AnswerFile } from '../../src/domain/answer-file.ts'
import { answerFileFromQrText, answerFileToQrText } from '../../src/domain/answer-file-qr.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Outcome } from './attempt-steps.ts'
import { adminClient, anonClient, anonClientWith, serviceClient, stack, type Client } from './clients.ts'
import { addQuestions, addSitting, codeOf, type Exam } from './exam-week.ts'
import { hour, isoFromNow, minute, moveStart, must, reportAnswers, submitExamArgs, succeeded } from './exam-data.ts'

/**
 * The outside attack on issue 27 (codes matched by key, exam_sizes, solutions for 24 hours from
 * their release with option_order, the answer file as a QR code, the CSP for the QR reader), as
 * docs/security.md's attackers would send it: each probe asserts the safe behaviour and fails if
 * the hole were there. The exams, codes and failed guesses here are this file's own, deleted
 * afterwards.
 */

const service = serviceClient()
const anon = anonClient()
let admin: Client

/** This file's classmates' address (a documentation address no other test uses). */
const address = '203.0.113.227'
const exams: Exam[] = []

beforeAll(async () => {
  admin = await adminClient()
})

afterAll(async () => {
  const ids = exams.map((exam) => exam.id)
  succeeded(await service.from('submissions').delete().in('exam_id', ids))
  succeeded(await service.from('exams').delete().in('id', ids))
  succeeded(await service.from('code_guess_failures').delete().eq('client_address', address))
})

async function newExam(fields: { questions?: number; sitting?: boolean } = {}): Promise<Exam> {
  const exam = must(
    await service
      .from('exams')
      .insert({ name: `Attack 27 ${randomUUID().slice(0, 8)}` })
      .select()
      .single(),
  )
  exams.push(exam)
  await addQuestions(exam, fields.questions ?? 4, 'B')
  if (fields.sitting ?? true) await addSitting(exam)
  return exam
}

/** Characters that are no look-alike: a code of them and of `0`/`1` has exactly the spellings below. */
const plain = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'

/** A stored code "0" + "1" + six plain characters, as the old alphabet could make it. */
async function codeWithLookAlikes(exam: Exam): Promise<string> {
  let tail = ''
  for (let i = 0; i < 6; i++) tail += plain[randomInt(plain.length)]
  return codeOf(exam, { code: `01${tail}` })
}

/** Every way a student could type a code "01…": O for 0, I or L for 1, in either case. */
function spellings(stored: string): string[] {
  const tail = stored.slice(2)
  const all: string[] = []
  for (const zero of ['0', 'O', 'o'])
    for (const one of ['1', 'I', 'i', 'L', 'l']) all.push(`${zero}${one}${tail}`, `${zero}${one}${tail.toLowerCase()}`)
  return all
}

const keyOf = (code: string) => code.replace(/O/g, '0').replace(/[IL]/g, '1')

async function call(client: Client, name: 'check_login_code' | 'lookup_result', code: string): Promise<Outcome> {
  return must(await client.rpc(name, { code })) as Outcome
}

async function failedGuesses(): Promise<number> {
  const rows = must(await service.from('code_guess_failures').select('failures').eq('client_address', address))
  return rows.reduce((sum, row) => sum + row.failures, 0)
}

describe('codes matched by key, attacked', () => {
  it('reach one stored code from every look-alike spelling, and a guess reaches no second code', async () => {
    const exam = await newExam()
    const stored = await codeWithLookAlikes(exam)
    const classmate = await codeWithLookAlikes(exam)
    for (const typed of spellings(stored)) {
      expect(await call(anon, 'check_login_code', typed)).toMatchObject({ outcome: 'valid', login_code: stored })
    }
    // The classmate's code, one plain character from the victim's, is never reached by the victim's spellings.
    expect(classmate).not.toBe(stored)

    // Over the whole table: no key names two stored codes, so each guess reaches at most one.
    const codes = must(await service.from('login_codes').select('code')).map((row) => row.code)
    const byKey = new Map<string, string[]>()
    for (const code of codes) byKey.set(keyOf(code), [...(byKey.get(keyOf(code)) ?? []), code])
    expect([...byKey.values()].filter((same) => same.length > 1)).toEqual([])
  })

  it('refuse a second code with the key of another through every way of writing a code, storing nothing', async () => {
    const exam = await newExam()
    const stored = await codeWithLookAlikes(exam)
    const lookAlike = `OI${stored.slice(2)}`
    const fresh = `ZZ${stored.slice(2)}`
    const attempts = {
      adminInsert: await admin.from('login_codes').insert({ code: lookAlike, exam_id: exam.id }),
      adminBatch: await admin.from('login_codes').insert([
        { code: fresh, exam_id: exam.id },
        { code: `OL${stored.slice(2)}`, exam_id: exam.id },
      ]),
      serviceInsert: await service.from('login_codes').insert({ code: `0L${stored.slice(2)}`, exam_id: exam.id }),
      // The operator's upsert: its ON CONFLICT (code) does not cover the key, whose own index refuses it.
      serviceUpsert: await service
        .from('login_codes')
        .upsert({ code: `OL${stored.slice(2)}`, exam_id: exam.id }, { onConflict: 'code' }),
    }
    for (const [way, result] of Object.entries(attempts)) expect([way, result.error?.code]).toEqual([way, '23505'])
    // An administrator's upsert would update a code, which administrators may not (extra_minutes only).
    const adminUpsert = await admin.from('login_codes').upsert({ code: lookAlike, exam_id: exam.id }, { onConflict: 'code' })
    expect(adminUpsert.error?.code).toBe('42501')
    // Case and spaces never reach the table: stored codes are eight capitals or digits.
    for (const spelled of [stored.toLowerCase(), ` ${stored.slice(1)}`, `${lookAlike.slice(0, 7)} `]) {
      expect((await admin.from('login_codes').insert({ code: spelled, exam_id: exam.id })).error?.code).toBe('23514')
    }
    const left = must(await service.from('login_codes').select('code').eq('exam_id', exam.id))
    expect(left.map((row) => row.code)).toEqual([stored])
  })

  it('count each look-alike spelling of an unknown code as one failed guess, and none of a known code', async () => {
    const exam = await newExam()
    const stored = await codeWithLookAlikes(exam)
    const student = anonClientWith({ 'X-Forwarded-For': address })
    const before = await failedGuesses()
    for (const typed of spellings(stored).slice(0, 6)) {
      expect((await call(student, 'check_login_code', typed)).outcome).toBe('valid')
    }
    expect(await failedGuesses()).toBe(before)

    const unknown = `01${stored.slice(2, 7)}${stored.endsWith('Z') ? 'Y' : 'Z'}`
    const unknownSpellings = spellings(unknown).slice(0, 5)
    for (const typed of unknownSpellings) expect(await call(student, 'check_login_code', typed)).toEqual({ outcome: 'invalid' })
    expect(await failedGuesses()).toBe(before + unknownSpellings.length)
  })
})

describe('an answer file matched by key, attacked', () => {
  /** A started attempt of a new code "01…" that reported `answers` in time, with its answer-file key. */
  async function reportedAttempt(answers: Record<string, string>) {
    const exam = await newExam()
    const stored = await codeWithLookAlikes(exam)
    const attemptId = randomUUID()
    const started = must(
      await anon.rpc('exam_questions', { code: `OI${stored.slice(2)}`, attempt_id: attemptId, student_name: 'Ada Lovelace' }),
    ) as Outcome
    expect(started).toMatchObject({ outcome: 'ok', login_code: stored })
    await reportAnswers(attemptId, stored, answers)
    const submission = submitExamArgs(stored, {
      submission_id: attemptId,
      answers,
      started_at: isoFromNow(-5 * minute),
    }) as ExamSubmission
    return { stored, attemptId, key: started.answer_file_key as string, submission }
  }

  async function recover(file: AnswerFile): Promise<Outcome> {
    return must(await admin.rpc('recover_submission_from_file', { file: file as never })) as Outcome
  }

  it('is refused once its code is respelled, as any edit, and a scanned QR does no more than the file', async () => {
    const { stored, attemptId, key, submission } = await reportedAttempt({ '1': 'B', '2': 'C' })
    const file = buildAnswerFile(submission, key)
    // The tag covers the code as spelled: a file respelled for a look-alike is an edited file.
    expect(await recover({ ...file, login_code: `OI${stored.slice(2)}` })).toEqual({ outcome: 'bad_tag' })

    // Through the QR text: an edited answer, or another code's spelling, fails the same check.
    const qrText = answerFileToQrText(file)
    const editedAnswer = answerFileFromQrText(qrText.replace('"BC"', '"BB"'))
    expect(editedAnswer?.answers).toEqual({ '1': 'B', '2': 'B' })
    expect(await recover(editedAnswer as AnswerFile)).toEqual({ outcome: 'bad_tag' })
    const oversizedName = answerFileFromQrText(qrText.replace('"Ada Lovelace"', JSON.stringify('<img src=x>'.repeat(40))))
    expect(await recover(oversizedName as AnswerFile)).toEqual({ outcome: 'malformed' })
    // A time in the file's shape that is no time (an offset of +99:99) is an unreadable file, not the cast's error.
    const impossibleOffset = answerFileFromQrText(qrText.replace(file.started_at, '2026-11-28T03:00:00+99:99'))
    expect(await recover(impossibleOffset as AnswerFile)).toEqual({ outcome: 'malformed' })
    // Text jsonb cannot hold (a NUL, a lone surrogate) would be refused in the database's words: no answer file.
    for (const name of ['Ada\u0000Lovelace', 'Ada \ud800']) {
      expect(answerFileFromQrText(qrText.replace('"Ada Lovelace"', JSON.stringify(name)))).toBeNull()
    }
    expect(must(await service.from('submissions').select('id').eq('login_code', stored))).toEqual([])

    // The file as made is accepted once, and the activity log names it.
    const scanned = answerFileFromQrText(qrText)
    expect(scanned).toEqual(file)
    expect(await recover(scanned as AnswerFile)).toMatchObject({ outcome: 'accepted', already_received: false })
    expect(await recover(scanned as AnswerFile)).toMatchObject({ outcome: 'accepted', already_received: true })
    const logged = must(
      await admin.from('audit_log').select('action, subject').eq('action', 'answer_file_recovered').eq('subject', stored),
    )
    expect(logged).toHaveLength(1)
    expect(must(await service.from('submissions').select('id').eq('login_code', stored))).toEqual([{ id: attemptId }])
  })

  it('of one code is not replayed for another code, however the other code is spelled', async () => {
    const victim = await reportedAttempt({ '1': 'A' })
    const thief = await reportedAttempt({ '1': 'A' })
    const file = buildAnswerFile(victim.submission, victim.key)
    for (const spelled of [thief.stored, `OI${thief.stored.slice(2)}`]) {
      expect(await recover({ ...file, login_code: spelled })).toEqual({ outcome: 'bad_tag' })
    }
    // Re-tagged with the thief's own key, under the victim's attempt id: that id is not the thief's.
    const retagged = buildAnswerFile({ ...victim.submission, code: thief.stored }, thief.key)
    expect((await recover(retagged)).outcome).not.toBe('accepted')
    expect(must(await service.from('submissions').select('id').in('login_code', [victim.stored, thief.stored]))).toEqual([])
  })
})

interface Solutions {
  outcome: string
  solutions_available: boolean
  solutions_held: boolean
  solutions_release_at: string | null
  solutions_until?: string
  solutions: Array<Record<string, unknown>> | null
}

async function lookup(code: string): Promise<Solutions> {
  return must(await anon.rpc('lookup_result', { code })) as unknown as Solutions
}

/** A code of `exam` started and submitted, moved back so it started `ago` ms ago (its deadline 30 minutes later). */
async function submittedAgo(exam: Exam, ago: number): Promise<string> {
  const code = await codeOf(exam)
  const attemptId = randomUUID()
  expect((must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Ada' })) as Outcome).outcome).toBe(
    'ok',
  )
  const submitted = must(await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId }))) as Outcome
  expect(submitted.outcome).toBe('accepted')
  succeeded(
    await service
      .from('submissions')
      .update({ started_at: isoFromNow(-ago), submitted_at: isoFromNow(-ago + 10 * minute) })
      .eq('id', attemptId),
  )
  await moveStart(code, isoFromNow(-ago), isoFromNow(-ago + 30 * minute))
  return code
}

/** An exam whose only sitting ran from `ago` ms ago for an hour, with one code submitted in it. */
async function examOverWithSubmission(ago: number): Promise<{ exam: Exam; sittingId: string; code: string }> {
  const exam = await newExam({ sitting: false })
  const sitting = await addSitting(exam)
  const code = await submittedAgo(exam, ago - 5 * minute)
  succeeded(
    await service
      .from('exam_schedule')
      .update({ start_time: isoFromNow(-ago), end_time: isoFromNow(-ago + hour) })
      .eq('id', sitting.id),
  )
  return { exam, sittingId: sitting.id, code }
}

describe('solutions for 24 hours from their release, attacked', () => {
  it('are held while a sitting prepared inactive is still to come, and shown once it is gone', async () => {
    const { exam, code } = await examOverWithSubmission(3 * hour)
    const later = await addSitting(exam, { is_active: false, start_time: isoFromNow(2 * hour), end_time: isoFromNow(4 * hour) })
    expect(await lookup(code)).toMatchObject({ solutions_available: false, solutions_held: true, solutions: null })
    succeeded(await service.from('exam_schedule').delete().eq('id', later.id))
    expect(await lookup(code)).toMatchObject({ solutions_available: true, solutions_until: expect.any(String) })
  })

  it('are held, with no release named, while a code never started has no active sitting to close it', async () => {
    const { exam, sittingId, code } = await examOverWithSubmission(3 * hour)
    await codeOf(exam)
    succeeded(await service.from('exam_schedule').update({ is_active: false }).eq('id', sittingId))
    expect(await lookup(code)).toMatchObject({
      solutions_available: false,
      solutions_held: true,
      solutions_release_at: null,
      solutions: null,
    })
  })

  it('are held while a duplicate with the same questions is written, even long after the original closed', async () => {
    const { exam, code } = await examOverWithSubmission(5 * hour)
    const copy = must(await admin.rpc('duplicate_exam', { exam_id: exam.id, name: `${exam.name} make-up` })) as string
    exams.push(must(await service.from('exams').select().eq('id', copy).single()))
    await addSitting({ ...exam, id: copy })
    const makeUp = await codeOf({ ...exam, id: copy })
    expect(
      (must(await anon.rpc('exam_questions', { code: makeUp, attempt_id: randomUUID(), student_name: 'Bo' })) as Outcome).outcome,
    ).toBe('ok')
    expect(await lookup(code)).toMatchObject({ solutions_available: false, solutions_held: true, solutions: null })
  })

  it('are no longer shown 24 hours after their release, nor named as coming', async () => {
    const { code } = await examOverWithSubmission(26 * hour)
    const answer = await lookup(code)
    expect(answer).toMatchObject({ outcome: 'ok', solutions_available: false, solutions_held: false, solutions: null })
    expect(answer).not.toHaveProperty('solutions_until')
  })

  it('show each student their own option order and nothing of a classmate’s', async () => {
    const exam = await newExam({ questions: 6, sitting: false })
    const sitting = await addSitting(exam)
    const codes = [await submittedAgo(exam, 2 * hour), await submittedAgo(exam, 2 * hour)]
    succeeded(
      await service
        .from('exam_schedule')
        .update({ start_time: isoFromNow(-3 * hour), end_time: isoFromNow(-hour) })
        .eq('id', sitting.id),
    )
    for (const code of codes) {
      const answer = await lookup(code)
      expect(answer.solutions_available).toBe(true)
      const own = must(await service.from('attempt_questions').select('question_number, option_order').eq('login_code', code))
      const ownOrder = new Map(own.map((row) => [row.question_number, row.option_order]))
      for (const solution of answer.solutions ?? []) {
        expect(solution.option_order).toBe(ownOrder.get(solution.question_number as number))
        expect([...(solution.option_order as string)].sort().join('')).toBe('ABCD')
        expect(Object.keys(solution).sort()).toEqual(
          [
            'accepted',
            'correct_answer',
            'is_correct',
            'option_a',
            'option_b',
            'option_c',
            'option_d',
            'option_order',
            'question_number',
            'question_text',
            'student_answer',
          ].sort(),
        )
      }
      expect(answer.solutions).toHaveLength(6)
    }
  })
})

describe('exam_sizes, attacked', () => {
  it('counts only the exams a visitor may name, answering nothing but exam_id and question_count', async () => {
    const open = await newExam({ questions: 3 })
    const archived = await newExam({ questions: 5 })
    succeeded(await service.from('exams').update({ archived_at: new Date().toISOString() }).eq('id', archived.id))
    const noActiveSitting = await newExam({ questions: 7, sitting: false })
    await addSitting(noActiveSitting, { is_active: false })
    const sizes = must(await anon.rpc('exam_sizes'))
    const mine = sizes.filter((row) => [open.id, archived.id, noActiveSitting.id].includes(row.exam_id))
    expect(mine).toEqual([{ exam_id: open.id, question_count: 3 }])
    for (const row of sizes) expect(Object.keys(row).sort()).toEqual(['exam_id', 'question_count'])
  })
})

describe('the policy that lets the QR reader run', () => {
  /** The script-src directive of a Content-Security-Policy. */
  const scriptSrc = (policy: string) =>
    policy
      .split(';')
      .find((directive) => directive.trim().startsWith('script-src'))
      ?.trim()

  it('allows WebAssembly from the own origin only, never eval or inline script, on the local stack and in the hosted headers', async () => {
    const served = (await fetch(`${stack.url}/`)).headers.get('content-security-policy') ?? ''
    const readme = await readFile(new URL('../../README.md', import.meta.url), 'utf8')
    const hosted = /Content-Security-Policy: (.+)$/m.exec(readme)?.[1] ?? ''
    for (const policy of [served, hosted]) {
      expect(scriptSrc(policy)).toBe("script-src 'self' 'wasm-unsafe-eval'")
      expect(policy).not.toMatch(/'unsafe-eval'|'unsafe-inline'|\*|data:|blob:/)
      expect(policy).toContain("default-src 'self'")
    }
  })
})
