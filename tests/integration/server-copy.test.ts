import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { beforeAll, describe, expect, it } from 'vitest'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Database } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, serviceClient } from './clients.ts'
import {
  answerKey,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveStart,
  must,
  randomCode,
  reportArgs,
  submissionsFor,
  submitExamArgs,
  succeeded,
} from './exam-data.ts'
import { activityOf, readAttempt, reportAttempt, startAttempt, type Outcome } from './attempt-steps.ts'

/**
 * Issue 26, the server's copy: each report keeps the attempt's answers and its "Review later"
 * flags (in time, never an older report over a newer one); a code written on one device is not
 * started on another (in_progress_elsewhere); an attempt whose device is silent at its deadline
 * plus grace is submitted from that copy by the server (submit_from_server_copies), and a device's
 * own submission made in time that arrives later replaces it, never the reverse.
 */

type Client = SupabaseClient<Database>

const anon = anonClient()
const service = serviceClient()
let admin: Client
const { newCode } = loginCodesPerFile()
let key: Map<number, string>

beforeAll(async () => {
  admin = await adminClient()
  key = await answerKey()
})

const start = (code: string, attemptId?: string) => startAttempt(code, attemptId, 'Grace Hopper')

/** As if the code's 30 minutes (and their 2 minutes of grace) had run out `ms` ago. */
async function endTime(code: string, ms = 3 * minute): Promise<void> {
  await moveStart(code, isoFromNow(-ms - 30 * minute), isoFromNow(-ms))
}

async function submitFromServerCopies(): Promise<number> {
  return must(await service.rpc('submit_from_server_copies')) as number
}

/** The exam's results tallies, summed: what Test Results' figures read. */
async function tallies(examId: string): Promise<{ submissions: number; scoreSum: number }> {
  const rows = must(await service.from('submission_tallies').select('submissions, score_sum').eq('exam_id', examId))
  return rows.reduce((sum, row) => ({ submissions: sum.submissions + row.submissions, scoreSum: sum.scoreSum + row.score_sum }), {
    submissions: 0,
    scoreSum: 0,
  })
}

/** Two answers the key calls right and one it calls wrong, of the questions served. */
function answersScoring2(answer: Outcome): Record<string, string> {
  const served = (answer.questions as Array<{ question_number: number }>).map((q) => q.question_number)
  const [a, b, c] = served as [number, number, number]
  const wrong = key.get(c) === 'A' ? 'B' : 'A'
  return { [a]: key.get(a)!, [b]: key.get(b)!, [c]: wrong }
}

describe('the server keeps the flags with the answers', () => {
  it('keeps the flags of the latest in-time report, sorted, and nothing older or late changes them', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    expect(await reportAttempt(attemptId, code, { answered_count: 1, answers: { '1': 'A' }, flags: [17, 3] })).toMatchObject({
      outcome: 'ok',
    })
    const first = await readAttempt(attemptId)
    expect(first.reported_flags).toEqual([3, 17])
    expect(first.reported_answers).toEqual({ '1': 'A' })

    // Made earlier, arriving later: neither its answers nor its flags replace the newer copy.
    expect(
      await reportAttempt(attemptId, code, { reported_at: isoFromNow(-minute), answers: { '1': 'B' }, flags: [9] }),
    ).toMatchObject({
      outcome: 'ok',
    })
    expect(await readAttempt(attemptId)).toMatchObject({ reported_flags: [3, 17], reported_answers: { '1': 'A' } })

    // Flags cleared on the device travel as an empty list; a report without flags (an older app) keeps them.
    await reportAttempt(attemptId, code, { answers: { '1': 'A', '2': 'C' }, flags: [] })
    expect((await readAttempt(attemptId)).reported_flags).toEqual([])
    await reportAttempt(attemptId, code, { answers: { '1': 'A', '2': 'D' }, flags: [4] })
    await reportAttempt(attemptId, code, { answers: { '1': 'A', '2': 'D', '3': 'B' } })
    expect(await readAttempt(attemptId)).toMatchObject({
      reported_flags: [4],
      reported_answers: { '1': 'A', '2': 'D', '3': 'B' },
    })

    // After the deadline and its grace the copy is what it was.
    await endTime(code)
    expect(
      await reportAttempt(attemptId, code, { reported_at: isoFromNow(0), answers: { '1': 'C' }, flags: [1, 2] }),
    ).toMatchObject({
      outcome: 'exam_closed',
    })
    expect(await readAttempt(attemptId)).toMatchObject({
      reported_flags: [4],
      reported_answers: { '1': 'A', '2': 'D', '3': 'B' },
    })
  })

  it.each([[[0]], [[51]], [[1, 1]], [['1']], [[1.5]], [{ '1': true }], ['3']])(
    'refuses flags %j with our own message (22023), changing nothing',
    async (flags) => {
      const code = await newCode()
      const { attemptId } = await start(code)
      const { error } = await anon.rpc('report_exam_attempt', reportArgs(attemptId, code, { answers: { '1': 'A' }, flags }))
      expect(error?.code).toBe('22023')
      expect(error?.message).toBe('flags must be distinct question numbers 1 to 50')
      expect(await readAttempt(attemptId)).toMatchObject({ reported_answers: null, reported_flags: null })
    },
  )
})

describe('a code written on one device is not started on another', () => {
  it('answers in_progress_elsewhere to the code step and to any other start, while the device itself still gets its exam', async () => {
    const code = await newCode()
    const { attemptId, answer } = await start(code)
    const check = must(await anon.rpc('check_login_code', { code: code.toLowerCase() })) as Outcome
    expect(check.outcome).toBe('in_progress_elsewhere')
    expect(check.exam).toMatchObject({ name: expect.any(String) })

    for (const other of [randomUUID(), undefined]) {
      expect(must(await anon.rpc('exam_questions', { code, attempt_id: other, student_name: 'Grace Hopper' }))).toEqual({
        outcome: 'in_progress_elsewhere',
      })
    }
    const again = (await start(code, attemptId)).answer
    expect(again.questions).toEqual(answer.questions)
    expect(must(await service.from('exam_attempts').select('id').eq('login_code', code))).toEqual([{ id: attemptId }])
  })

  it('counts a device that queued its submission as writing, and one whose time is over as not', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await reportAttempt(attemptId, code, { state: 'submitted_on_device' })
    expect((must(await anon.rpc('check_login_code', { code })) as Outcome).outcome).toBe('in_progress_elsewhere')
    await endTime(code)
    expect((must(await anon.rpc('check_login_code', { code })) as Outcome).outcome).toBe('valid')
    expect(must(await anon.rpc('exam_questions', { code, attempt_id: randomUUID() }))).toEqual({ outcome: 'time_over' })
  })
})

describe('submit_from_server_copies', () => {
  it('submits a silent attempt from its copy once its deadline and grace passed: scored, marked, logged, once', async () => {
    const code = await newCode()
    const { attemptId, answer } = await start(code)
    const answers = answersScoring2(answer)
    await reportAttempt(attemptId, code, { answered_count: 3, answers, flags: [1] })
    const savedAt = (await readAttempt(attemptId)).reported_answers_at
    const examId = (await readAttempt(attemptId)).exam_id

    // Not before the grace has passed (the run submits what earlier tests left, so the tallies
    // are read after it).
    await endTime(code, minute)
    await submitFromServerCopies()
    expect(await submissionsFor(code)).toEqual([])
    const before = await tallies(examId)

    await endTime(code)
    expect(await submitFromServerCopies()).toBeGreaterThanOrEqual(1)
    const [stored, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    const deadline = (await readAttempt(attemptId)).deadline
    expect(stored).toMatchObject({
      answers,
      score: 2,
      from_server_copy: true,
      replaced_server_copy_at: null,
      recovered_from_file: false,
      arrived_late: false,
      student_name: 'Grace Hopper',
      exam_id: examId,
    })
    expect(Date.parse(stored!.server_copy_saved_at!)).toBe(Date.parse(savedAt!))
    expect(Date.parse(stored!.submitted_at)).toBe(Date.parse(deadline))
    expect(stored!.id).not.toBe(attemptId)
    expect((await readAttempt(attemptId)).state).toBe('received')
    expect(await tallies(examId)).toEqual({ submissions: before.submissions + 1, scoreSum: before.scoreSum + 2 })
    const [logged] = await activityOf(code, 'submitted_from_server_copy')
    expect(logged).toMatchObject({ actor: 'service_role', exam_id: examId })
    expect(logged!.details).toMatchObject({ submission_id: stored!.id, attempt_id: attemptId, answers: 3 })

    // Every run after that leaves it alone.
    await submitFromServerCopies()
    expect(await submissionsFor(code)).toEqual([stored])
    expect(await activityOf(code, 'submitted_from_server_copy')).toHaveLength(1)
  })

  it('submits an attempt that never reported answers as empty, with no save time', async () => {
    const code = await newCode()
    await start(code)
    await endTime(code)
    await submitFromServerCopies()
    expect(await submissionsFor(code)).toEqual([
      expect.objectContaining({ answers: {}, score: 0, from_server_copy: true, server_copy_saved_at: null }),
    ])
  })

  it('lets the device’s own submission made in time replace it, tallies and log following; never the reverse', async () => {
    const code = await newCode()
    const { attemptId, answer } = await start(code)
    const examId = (await readAttempt(attemptId)).exam_id
    await reportAttempt(attemptId, code, { answered_count: 1, answers: { [Object.keys(answersScoring2(answer))[2]!]: 'A' } })
    await submitFromServerCopies()
    const before = await tallies(examId)
    await endTime(code)
    await submitFromServerCopies()
    const [serverCopy] = await submissionsFor(code)
    expect(serverCopy?.from_server_copy).toBe(true)

    // Made on the device before its deadline, arriving after the server submitted the copy.
    const answers = answersScoring2(answer)
    const receipt = must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(code, { submission_id: attemptId, answers, submitted_at: isoFromNow(-4 * minute) }),
      ),
    ) as Outcome
    expect(receipt).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
    const [stored, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(stored).toMatchObject({ id: attemptId, answers, score: 2, from_server_copy: false, server_copy_saved_at: null })
    expect(stored!.replaced_server_copy_at).not.toBeNull()
    expect(await tallies(examId)).toEqual({ submissions: before.submissions + 1, scoreSum: before.scoreSum + 2 })
    const [logged] = await activityOf(code, 'server_copy_replaced')
    expect(logged!.details).toMatchObject({ submission_id: attemptId, replaced_submission_id: serverCopy!.id })
    expect(
      must(await service.from('audit_log').select('id').eq('subject', code).eq('action', 'server_copy_replaced')),
    ).toHaveLength(1)

    // Its retry is its receipt; the server never submits the copy over it.
    expect(
      must(
        await anon.rpc(
          'submit_exam',
          submitExamArgs(code, { submission_id: attemptId, answers, submitted_at: isoFromNow(-4 * minute) }),
        ),
      ),
    ).toMatchObject({ outcome: 'accepted', submission_id: attemptId })
    await submitFromServerCopies()
    expect(await submissionsFor(code)).toEqual([stored])
  })

  it('lets an answer file made in time replace it too, counting only what matches the copy', async () => {
    const code = await newCode()
    const { attemptId, answer } = await start(code)
    const answers = answersScoring2(answer)
    await reportAttempt(attemptId, code, { answered_count: 3, answers })
    await endTime(code)
    await submitFromServerCopies()
    const [serverCopy] = await submissionsFor(code)
    expect(serverCopy?.from_server_copy).toBe(true)

    // The file has one answer changed after the last report: that one is not counted.
    const [first] = Object.keys(answers)
    const edited = { ...answers, [first!]: answers[first!] === 'A' ? 'B' : 'A' }
    const file = buildAnswerFile(
      {
        ...submitExamArgs(code, {
          submission_id: attemptId,
          student_name: 'Grace Hopper',
          answers: edited,
          started_at: isoFromNow(-33 * minute),
          submitted_at: isoFromNow(-4 * minute),
        }),
      } as ExamSubmission,
      answer.answer_file_key as string,
    )
    const receipt = must(await admin.rpc('recover_submission_from_file', { file: file as never })) as Outcome
    expect(receipt).toMatchObject({ outcome: 'accepted', submission_id: attemptId, already_received: false })
    const [stored, ...others] = await submissionsFor(code)
    expect(others).toEqual([])
    expect(stored).toMatchObject({ id: attemptId, recovered_from_file: true, from_server_copy: false })
    expect(Object.keys(stored!.answers as Record<string, string>)).toHaveLength(2)
    expect(stored!.replaced_server_copy_at).not.toBeNull()
    expect(await activityOf(code, 'server_copy_replaced')).toHaveLength(1)
  })

  it('leaves one an administrator voided: the device’s submission is refused and the void stays', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await endTime(code)
    await submitFromServerCopies()
    const [serverCopy] = await submissionsFor(code)
    must(await admin.rpc('void_submission', { submission_id: serverCopy!.id, reason: 'Seen copying' }))
    const answer = must(
      await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, submitted_at: isoFromNow(-4 * minute) })),
    ) as Outcome
    expect(answer.outcome).toBe('code_used')
    expect(await submissionsFor(code)).toEqual([expect.objectContaining({ id: serverCopy!.id, void_reason: 'Seen copying' })])
    expect(await activityOf(code, 'server_copy_replaced')).toEqual([])
  })

  it('refuses a device submission made after the deadline and its grace: the server’s copy stays', async () => {
    const code = await newCode()
    const { attemptId } = await start(code)
    await endTime(code)
    await submitFromServerCopies()
    const before = await submissionsFor(code)
    const answer = must(
      await anon.rpc('submit_exam', submitExamArgs(code, { submission_id: attemptId, submitted_at: isoFromNow(0) })),
    ) as Outcome
    expect(answer.outcome).toBe('code_used')
    expect(await submissionsFor(code)).toEqual(before)
    expect(await activityOf(code, 'server_copy_replaced')).toEqual([])
  })

  it('shows Test Results whether a submission came from the server’s copy, when it was saved, and when one was replaced', async () => {
    const copied = await newCode()
    const replaced = await newCode()
    const first = await start(copied)
    const second = await start(replaced)
    await reportAttempt(first.attemptId, copied, { answers: { '1': 'A' } })
    await endTime(copied)
    await endTime(replaced)
    await submitFromServerCopies()
    must(
      await anon.rpc(
        'submit_exam',
        submitExamArgs(replaced, { submission_id: second.attemptId, submitted_at: isoFromNow(-4 * minute) }),
      ),
    )
    // Each read on its own submission's day (UTC), found by its code.
    const dayRow = async (code: string) => {
      const [stored] = await submissionsFor(code)
      const day = stored!.submitted_at.slice(0, 10)
      return must(await admin.rpc('admin_day_results', { time_zone: 'UTC', day, search: code })).find(
        (row) => row.login_code === code,
      )
    }
    const copiedRow = await dayRow(copied)
    const replacedRow = await dayRow(replaced)
    expect(copiedRow).toMatchObject({ from_server_copy: true, replaced_server_copy_at: null })
    expect(Date.parse(copiedRow!.server_copy_saved_at)).toBe(
      Date.parse((await readAttempt(first.attemptId)).reported_answers_at!),
    )
    expect(replacedRow).toMatchObject({ from_server_copy: false, server_copy_saved_at: null })
    expect(replacedRow!.replaced_server_copy_at).not.toBeNull()

    const live = must(await admin.rpc('admin_live_attempts', {})).filter((row) => [copied, replaced].includes(row.login_code))
    expect(live.find((row) => row.login_code === copied)).toMatchObject({
      status: 'received',
      marks: { from_server_copy: true, server_copy_saved_at: expect.any(String) },
    })
    expect(live.find((row) => row.login_code === replaced)!.marks).toEqual({ replaced_server_copy_at: expect.any(String) })
  })
})

describe('retention', () => {
  it('deletes the server’s copy of answers and flags with the exam’s questions, 24 hours after its last sitting', async () => {
    // An exam of its own whose only sitting closed 25 hours ago, so the clean-up reaches it and no other.
    const exam = must(
      await service
        .from('exams')
        .insert({ name: `Retention of copies ${randomUUID()}` })
        .select()
        .single(),
    )
    try {
      succeeded(
        await service.from('exam_schedule').insert({
          exam_id: exam.id,
          exam_name: 'Closed sitting',
          start_time: isoFromNow(-27 * 60 * minute),
          end_time: isoFromNow(-25 * 60 * minute),
          is_active: true,
        }),
      )
      const code = must(await service.from('login_codes').insert({ code: randomCode(), exam_id: exam.id }).select().single()).code
      const old = randomUUID()
      succeeded(
        await service.from('exam_attempts').insert({
          id: old,
          login_code: code,
          exam_id: exam.id,
          started_at: isoFromNow(-26 * 60 * minute),
          deadline: isoFromNow(-26 * 60 * minute + 30 * minute),
          question_count: 1,
          reported_answers: { '1': 'A' },
          reported_answers_at: isoFromNow(-26 * 60 * minute + minute),
          reported_flags: [1],
        }),
      )
      // The open exam's writing student keeps theirs.
      const writingCode = await newCode()
      const { attemptId } = await start(writingCode)
      await reportAttempt(attemptId, writingCode, { answers: { '2': 'B' }, flags: [2] })

      must(await service.rpc('apply_retention'))
      expect(await readAttempt(old)).toMatchObject({ reported_answers: null, reported_flags: null, login_code: code })
      expect(await readAttempt(attemptId)).toMatchObject({ reported_answers: { '2': 'B' }, reported_flags: [2] })
    } finally {
      succeeded(await service.from('exams').delete().eq('id', exam.id))
    }
  })
})
