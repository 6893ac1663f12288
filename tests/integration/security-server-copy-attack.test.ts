import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database, Tables } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, anonClientWith, serviceClient } from './clients.ts'
import {
  answerKey,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveStart,
  must,
  reportArgs,
  submissionsFor,
  submitExamArgs,
  succeeded,
  withEveryExamOver,
  withNoSolutionsShownSince,
  type ReportArgs,
} from './exam-data.ts'

/**
 * Issue 26 attacked from outside (docs/security.md#the-servers-copy-and-moves), after it was built:
 * a classmate who holds a student's code (seen over a shoulder) and shares the room's address, an
 * administrator covering their tracks, and a client flooding the address, against the server's copy,
 * the resume PINs, the server's submissions from the copy and their replacement by a device. Each
 * test asserts the safe behaviour, and fails if the hole it names is open.
 */

type Client = SupabaseClient<Database>
type Outcome = { outcome: string } & Record<string, unknown>

const service = serviceClient()
const anon = anonClient()
let admin: Client
const { newCode } = loginCodesPerFile()
let key: Map<number, string>

/** The classmate's own address on the room's network (TEST-NET-2, this file only). */
const classmateAddress = '198.51.100.71'
const classmate = anonClientWith({ 'X-Forwarded-For': classmateAddress })

beforeAll(async () => {
  admin = await adminClient()
  key = await answerKey()
})

afterAll(async () => {
  succeeded(await service.from('code_guess_failures').delete().eq('client_address', classmateAddress))
})

async function start(code: string, attemptId: string = randomUUID()): Promise<{ attemptId: string; answer: Outcome }> {
  const answer = must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Grace Hopper' })) as Outcome
  expect(answer.outcome).toBe('ok')
  return { attemptId, answer }
}

async function report(attemptId: string, code: string, fields: Partial<ReportArgs>): Promise<Outcome> {
  return must(await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, fields))) as Outcome
}

async function attempts(code: string): Promise<Tables<'exam_attempts'>[]> {
  return must(await service.from('exam_attempts').select('*').eq('login_code', code).order('started_at'))
}

/** As if the code's 30 minutes (and their 2 minutes of grace) had run out 3 minutes ago. */
async function endTime(code: string): Promise<void> {
  await moveStart(code, isoFromNow(-33 * minute), isoFromNow(-3 * minute))
}

async function submitFromServerCopies(): Promise<number> {
  return must(await service.rpc('submit_from_server_copies')) as number
}

async function logged(code: string, action: string) {
  return must(await service.from('audit_log').select('*').eq('subject', code).eq('action', action))
}

/** Every answer of the questions served, right by the key: what a copy of the solutions gives. */
function allRight(answer: Outcome): Record<string, string> {
  const served = (answer.questions as Array<{ question_number: number }>).map((q) => q.question_number)
  return Object.fromEntries(served.map((n) => [String(n), key.get(n)!]))
}

/** One answer of the questions served, right by the key. */
function oneRight(answer: Outcome): Record<string, string> {
  const [first] = (answer.questions as Array<{ question_number: number }>).map((q) => q.question_number)
  return { [first!]: key.get(first!)! }
}

/** A student who wrote one right answer, reported it, and whose device then fell silent past the deadline: submitted from the copy. */
async function submittedFromCopy() {
  const code = await newCode()
  const { attemptId, answer } = await start(code)
  const copy = oneRight(answer)
  expect(await report(attemptId, code, { answered_count: 1, answers: copy })).toMatchObject({ outcome: 'ok' })
  await endTime(code)
  await submitFromServerCopies()
  const [serverCopy] = await submissionsFor(code)
  expect(serverCopy).toMatchObject({ from_server_copy: true, score: 1 })
  return { code, attemptId, answer, serverCopy: serverCopy! }
}

describe('a classmate holding a student’s code', () => {
  it('cannot replace the student’s submission from the server’s copy: only the student’s own attempt may', async () => {
    const { code, answer, serverCopy } = await submittedFromCopy()
    // Hole found: any submission "made in time" replaced a server-copy submission, so whoever held
    // the code could, at any time later, wipe the student's result (nothing sent) or put their own
    // answers in its place with a backdated submitted_at. Only the device's own attempt (its id is
    // the submission's) or its answer file replaces it now.
    for (const answers of [{}, allRight(answer)]) {
      const reply = must(
        await classmate.rpc(
          'submit_exam',
          submitExamArgs(code, { answers, student_name: 'Grace Hopper', submitted_at: isoFromNow(-5 * minute) }),
        ),
      ) as Outcome
      expect(reply.outcome).toBe('code_used')
    }
    expect(await submissionsFor(code)).toEqual([serverCopy])
    expect(await logged(code, 'server_copy_replaced')).toEqual([])
  })

  it('cannot start, resume or cut off the student still writing, nor move the copy', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(attemptId, code, { answered_count: 1, answers: { '1': 'A' }, flags: [1] })
    // With no PIN offered, and with a PIN offered to the student: the classmate has neither.
    for (const offered of [false, true]) {
      if (offered) must(await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId }))
      const started = must(
        await classmate.rpc('exam_questions', { code, attempt_id: randomUUID(), student_name: 'Mallory' }),
      ) as Outcome
      expect(started.outcome).toBe('in_progress_elsewhere')
      expect(Object.keys(started)).not.toContain('questions')
      const resumed = must(
        await classmate.rpc('resume_exam_attempt', { code, pin: '000000', attempt_id: randomUUID() }),
      ) as Outcome
      expect(resumed).toEqual({ outcome: 'wrong_pin' })
    }
    const [only, ...none] = await attempts(code)
    expect(none).toEqual([])
    expect(only).toMatchObject({ id: attemptId, state: 'in_progress', moved_to: null, reported_answers: { '1': 'A' } })
    expect(await report(attemptId, code, { answered_count: 1, answers: { '1': 'B' } })).toMatchObject({ outcome: 'ok' })
  })

  it('cannot report on the student’s attempt without its id, nor with a forged time pull the server’s submission earlier', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(attemptId, code, { answered_count: 1, answers: { '1': 'A' } })
    const guessed = must(
      await classmate.rpc('report_exam_attempt', reportArgs(randomUUID(), code, { answers: { '1': 'D' }, flags: [1] })),
    ) as Outcome
    expect(guessed.outcome).toBe('invalid')
    // The student's own device stamping its report hours ahead or behind moves no deadline.
    const [before] = await attempts(code)
    for (const reported_at of [isoFromNow(5 * 60 * minute), isoFromNow(-5 * 60 * minute)]) {
      const reply = await report(attemptId, code, { reported_at, answers: { '1': 'A' } })
      expect(reply).toMatchObject({ outcome: 'ok', deadline: before!.deadline })
    }
    expect(await submitFromServerCopies()).toBeGreaterThanOrEqual(0)
    expect(await submissionsFor(code)).toEqual([])
    expect(await attempts(code)).toEqual([
      expect.objectContaining({ deadline: before!.deadline, reported_answers: { '1': 'A' } }),
    ])
  })
})

describe('a replacement of the server’s copy', () => {
  it('keeps the mark that the solutions were shown, so a key once out stays out', async () => {
    const { code, attemptId, answer, serverCopy } = await submittedFromCopy()
    await withEveryExamOver(async () => {
      const result = must(await anon.rpc('lookup_result', { code })) as Outcome
      expect(result).toMatchObject({ outcome: 'ok', solutions_available: true })
      const [shown] = await submissionsFor(code)
      expect(shown!.solutions_shown_at).not.toBeNull()

      // The student's device comes back with every answer right, stamped in time: it replaces the
      // copy, but counts only what its device reported in time, since the key was out.
      const reply = must(
        await anon.rpc(
          'submit_exam',
          submitExamArgs(code, { submission_id: attemptId, answers: allRight(answer), submitted_at: isoFromNow(-5 * minute) }),
        ),
      ) as Outcome
      expect(reply).toMatchObject({ outcome: 'accepted', submission_id: attemptId, score: 1 })
      const [stored, ...others] = await submissionsFor(code)
      expect(others).toEqual([])
      expect(stored!.id).not.toBe(serverCopy.id)
      // Hole found: the server's row went with its solutions_shown_at, so a classmate's late
      // arrival could count in full once the release computed later moved back.
      expect(stored!.solutions_shown_at).toBe(shown!.solutions_shown_at)
    })
  })

  it('cannot be reopened by extra time once the solutions were shown: the device’s later submission counts only its copy', async () => {
    const { code, attemptId, answer, serverCopy } = await submittedFromCopy()
    await withEveryExamOver(async () => {
      expect(must(await anon.rpc('lookup_result', { code }))).toMatchObject({ outcome: 'ok', solutions_available: true })
      // Hole found: the extra-time rule spared used codes, but a code used by the server's copy is
      // not settled: an hour more made the device's submission of the key "in time", counted in full.
      const { error } = await admin.from('login_codes').update({ extra_minutes: 60 }).eq('code', code)
      expect(error).toMatchObject({
        code: '22023',
        message: "The solutions of this exam have been shown, so extra time can no longer reopen this student's exam.",
      })
      const [before] = await attempts(code)
      expect(Date.parse(before!.deadline)).toBeLessThan(Date.now())
      const reply = must(
        await anon.rpc(
          'submit_exam',
          submitExamArgs(code, { submission_id: attemptId, answers: allRight(answer), submitted_at: isoFromNow(0) }),
        ),
      ) as Outcome
      expect(reply.outcome).toBe('code_used')
      expect(await submissionsFor(code)).toEqual([expect.objectContaining({ id: serverCopy.id, score: 1 })])
    })
  })

  it('reopened by extra time before the solutions were shown, holds them until its new deadline', async () => {
    const { code, attemptId, answer } = await submittedFromCopy()
    const [started] = await attempts(code)
    await withEveryExamOver(() =>
      withNoSolutionsShownSince(started!.started_at, async () => {
        // The proctor gives the silent student 30 minutes more: allowed, nothing was shown yet.
        succeeded(await admin.from('login_codes').update({ extra_minutes: 30 }).eq('code', code))
        // Hole found: the server's submission made the code count as done, so the solutions came
        // out to the room (this student too) while the device could still submit "in time",
        // counted in full.
        expect(must(await anon.rpc('lookup_result', { code }))).toMatchObject({ outcome: 'ok', solutions_available: false })
        const reply = must(
          await anon.rpc(
            'submit_exam',
            submitExamArgs(code, { submission_id: attemptId, answers: allRight(answer), submitted_at: isoFromNow(0) }),
          ),
        ) as Outcome
        expect(reply).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
        expect(await submissionsFor(code)).toEqual([expect.objectContaining({ id: attemptId, arrived_late: false })])
      }),
    )
  })

  it('happens exactly once when the timer and the device’s own submission race', async () => {
    const code = await newCode()
    const { attemptId, answer } = await start(code)
    await report(attemptId, code, { answered_count: 1, answers: oneRight(answer) })
    await endTime(code)
    const device = submitExamArgs(code, {
      submission_id: attemptId,
      answers: allRight(answer),
      submitted_at: isoFromNow(-4 * minute),
    })
    const [timer, receipt] = await Promise.all([
      service.rpc('submit_from_server_copies'),
      anon.rpc('submit_exam', device),
      service.rpc('submit_from_server_copies'),
    ])
    succeeded(timer)
    expect(must(receipt)).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
    const [stored, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(stored).toMatchObject({ id: attemptId, from_server_copy: false })
    // Whichever came first, the log tells the same story as the rows.
    const copies = await logged(code, 'submitted_from_server_copy')
    expect(copies.length).toBeLessThanOrEqual(1)
    expect(await logged(code, 'server_copy_replaced')).toHaveLength(copies.length)
    expect(stored!.replaced_server_copy_at === null).toBe(copies.length === 0)
  })
})

describe('races', () => {
  it('a PIN typed on two devices at once moves the attempt once', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(attemptId, code, { answered_count: 1, answers: { '1': 'C' } })
    const { pin } = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId })) as { pin: string }
    // The student's new device, and a classmate who read the PIN over their shoulder.
    const [student, thief] = [randomUUID(), randomUUID()]
    const replies = await Promise.all([
      anon.rpc('resume_exam_attempt', { code, pin, attempt_id: student }),
      classmate.rpc('resume_exam_attempt', { code, pin, attempt_id: thief }),
    ])
    const outcomes = replies.map((reply) => (must(reply) as Outcome).outcome).sort()
    expect(outcomes).toEqual(['ok', 'wrong_pin'])
    const rows = await attempts(code)
    expect(rows).toHaveLength(2)
    expect(rows.filter((row) => row.state === 'moved').map((row) => row.id)).toEqual([attemptId])
    expect(await logged(code, 'attempt_moved')).toHaveLength(1)
  })

  it('the answer file and the device replacing the server’s copy at once: one row, one replacement', async () => {
    const { code, attemptId, answer } = await submittedFromCopy()
    const args = submitExamArgs(code, {
      submission_id: attemptId,
      student_name: 'Grace Hopper',
      answers: oneRight(answer),
      started_at: isoFromNow(-33 * minute),
      submitted_at: isoFromNow(-4 * minute),
    })
    const file = buildAnswerFile(args as ExamSubmission, answer.answer_file_key as string)
    const [device, recovered] = await Promise.all([
      anon.rpc('submit_exam', args),
      admin.rpc('recover_submission_from_file', { file: file as never }),
    ])
    expect(must(device)).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
    expect(must(recovered)).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
    expect(await submissionsFor(code)).toEqual([expect.objectContaining({ id: attemptId, score: 1, from_server_copy: false })])
    expect(await logged(code, 'server_copy_replaced')).toHaveLength(1)
  })
})

describe('an administrator covering their tracks', () => {
  it('cannot rewrite a copy, a move or a server-copy mark through the API, and every move and submission stays logged', async () => {
    const { code, attemptId, serverCopy } = await submittedFromCopy()
    const [before] = await attempts(code)
    const moves = must(await service.from('attempt_moves').select('*').eq('login_code', code))
    const writes = {
      'the copy': admin
        .from('exam_attempts')
        .update({ reported_answers: { '1': 'D' }, reported_flags: [] })
        .eq('id', attemptId)
        .select(),
      'the state': admin
        .from('exam_attempts')
        .update({ state: 'moved', moved_at: isoFromNow(0) })
        .eq('id', attemptId)
        .select(),
      'the mark': admin
        .from('submissions')
        .update({ from_server_copy: false, server_copy_saved_at: null })
        .eq('id', serverCopy.id)
        .select(),
      'the upsert': admin
        .from('submissions')
        .upsert({ ...serverCopy, from_server_copy: false, replaced_server_copy_at: isoFromNow(0) })
        .select(),
      'a move': admin.from('attempt_moves').insert({
        exam_id: serverCopy.exam_id,
        login_code: code,
        from_attempt_id: attemptId,
        pin_hash: '\\x00',
        expires_at: isoFromNow(minute),
      }),
    }
    for (const [what, write] of Object.entries(writes)) expect((await write).error?.code, what).toBe('42501')
    expect(await attempts(code)).toEqual([before])
    expect(await submissionsFor(code)).toEqual([serverCopy])
    expect(must(await service.from('attempt_moves').select('*').eq('login_code', code))).toEqual(moves)
    expect(await logged(code, 'submitted_from_server_copy')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ attempt_id: attemptId, submission_id: serverCopy.id }) }),
    ])
  })
})

describe('a client flooding the room’s address', () => {
  it('locks out only its own browser by scanning PINs: the room still starts, reports, resumes and submits', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    // The scanner tries PINs against every code it can, until its browser is refused.
    const scanner = anonClientWith({ 'X-Forwarded-For': classmateAddress })
    let outcome = ''
    for (let tries = 0; tries < 60 && outcome !== 'rate_limited'; tries += 1) {
      const pin = String(tries).padStart(6, '0')
      outcome = (must(await scanner.rpc('resume_exam_attempt', { code, pin, attempt_id: randomUUID() })) as Outcome).outcome
    }
    expect(outcome).toBe('rate_limited')
    // The student whose PIN it was after, at the same address from another browser.
    const student = anonClientWith({ 'X-Forwarded-For': classmateAddress })
    const { pin } = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId })) as { pin: string }
    const newDevice = randomUUID()
    expect(must(await student.rpc('resume_exam_attempt', { code, pin, attempt_id: newDevice }))).toMatchObject({ outcome: 'ok' })
    expect(
      must(await student.rpc('report_exam_attempt', reportArgs(newDevice, code, { answered_count: 1, answers: { '1': 'A' } }))),
    ).toMatchObject({ outcome: 'ok' })
    const classmateCode = await newCode()
    expect(must(await student.rpc('check_login_code', { code: classmateCode }))).toMatchObject({ outcome: 'valid' })
    // Even the refused browser's report naming an attempt with its code proves it (here the old device, told moved).
    expect(must(await scanner.rpc('report_exam_attempt', reportArgs(attemptId, code, {})))).toMatchObject({ outcome: 'moved' })
    expect(
      must(await student.rpc('submit_exam', submitExamArgs(code, { submission_id: newDevice, answers: { '1': 'A' } }))),
    ).toMatchObject({ outcome: 'accepted', submission_id: newDevice })
  })

  it('has a report with flood-sized flags refused as any bad flags, changing nothing', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await report(attemptId, code, { answered_count: 1, answers: { '1': 'A' }, flags: [1] })
    // As many numbers as an anonymous body holds (64 KB): every one a valid question number.
    const { error } = await anon.rpc(
      'report_exam_attempt',
      reportArgs(attemptId, code, { answers: { '1': 'B' }, flags: Array.from({ length: 20_000 }, (_, i) => (i % 50) + 1) }),
    )
    expect(error).toMatchObject({ code: '22023', message: 'flags must be distinct question numbers 1 to 50' })
    expect(await attempts(code)).toEqual([expect.objectContaining({ reported_answers: { '1': 'A' }, reported_flags: [1] })])
  })
})
