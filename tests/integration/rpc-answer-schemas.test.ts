import { randomUUID } from 'node:crypto'
import * as v from 'valibot'
import { afterAll, describe, expect, it } from 'vitest'
import {
  attemptReportAnswerSchema,
  examQuestionsAnswerSchema,
  loginCodeStatusSchema,
  resultLookupAnswerSchema,
  resumeAttemptAnswerSchema,
  submitExamAnswerSchema,
} from '../../src/lib/student/rpc-answers.ts'
import {
  addressTrustEndedSchema,
  answerFileRecoverySchema,
  attemptMoveOfferSchema,
  countsSchema,
  guessingLimitClearedSchema,
  guessingLimitsSchema,
  examOverviewSchema,
  liveAttemptCountsSchema,
  loginCodeCountsSchema,
  loginCodesPageSchema,
  resultsSummarySchema,
  roomTimeAnswerSchema,
} from '../../src/lib/admin/rpc-answers.ts'
import { buildAnswerFile } from '../../src/domain/answer-file.ts'
import {
  attemptReportRefusals,
  examQuestionsRefusals,
  loginCodeRefusals,
  resultLookupRefusals,
  resumeAttemptRefusals,
  submitExamRefusals,
} from '../../src/domain/student-refusals.ts'
import type { ExamSubmission } from '../../src/domain/exam-submission.ts'
import type { Json } from '../../src/lib/api/database.types.ts'
import { adminClient, anonClient, anonClientWith, serviceClient } from './clients.ts'
import {
  day,
  hour,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveStart,
  moveSubmissionPastItsExam,
  must,
  reportAnswers,
  reportArgs,
  startedSubmission,
  submitExamArgs,
  succeeded,
  withEveryAttemptOver,
  withEveryExamOver,
  withNoActiveSchedule,
  withQuestionBankRestored,
  withOnlySchedule,
  withSchedule,
} from './exam-data.ts'

/**
 * Every answer the student functions give, in each outcome a test can reach, and the admin
 * functions' answers the app parses, read with the app's schemas (src/lib/student/rpc-answers.ts,
 * src/lib/admin/rpc-answers.ts): if the SQL and the app drift apart, this fails.
 */

const anon = anonClient()
const service = serviceClient()
const { newCode, unknownCode } = loginCodesPerFile()

/** The outcomes each schema has read in this file, for the vocabulary's check at its end. */
const outcomesRead = new Map<v.GenericSchema, Set<string>>()

/** Parses `answer` with `schema`, failing with valibot's issues, and gives the outcome it read. */
function outcomeOf<S extends v.GenericSchema>(schema: S, answer: unknown): string {
  const parsed = v.safeParse(schema, answer)
  expect(parsed.issues, JSON.stringify(answer)).toBeUndefined()
  const output = parsed.output as string | { outcome: string }
  const outcome = typeof output === 'string' ? output : output.outcome
  outcomesRead.set(schema, (outcomesRead.get(schema) ?? new Set()).add(outcome))
  return outcome
}

const usedCode = () => newCode({ is_used: true, used_by: 'Used Student', used_at: isoFromNow(-minute) })
const start = async (code: string, attemptId = randomUUID()) =>
  must(await anon.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Schema Student' }))
const submit = async (code: string, fields = {}) => must(await anon.rpc('submit_exam', submitExamArgs(code, fields)))

describe('check_login_code', () => {
  const check = async (code: string) => outcomeOf(loginCodeStatusSchema, must(await anon.rpc('check_login_code', { code })))

  it('answers valid, used and invalid in the schema', async () => {
    expect(await check(await newCode())).toBe('valid')
    expect(await check(await usedCode())).toBe('used')
    expect(await check(unknownCode())).toBe('invalid')
  })

  it('answers exam_closed in the schema', async () => {
    await withOnlySchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-hour) }, async () => {
      expect(await check(await newCode())).toBe('exam_closed')
    })
  })
})

describe('every student function, at an address refused for too many wrong codes', () => {
  const limitedAddress = '192.0.2.91'
  const limited = anonClientWith({ 'X-Forwarded-For': limitedAddress })
  afterAll(async () => succeeded(await service.from('code_guess_failures').delete().eq('client_address', limitedAddress)))

  it('answers rate_limited in its schema', async () => {
    succeeded(
      await service.from('code_guess_failures').insert({
        client_address: limitedAddress,
        minute: new Date(Math.floor(Date.now() / minute) * minute).toISOString(),
        failures: 1_000_000,
      }),
    )
    const code = unknownCode()
    const attemptId = randomUUID()
    const answers = [
      outcomeOf(loginCodeStatusSchema, must(await limited.rpc('check_login_code', { code }))),
      outcomeOf(
        examQuestionsAnswerSchema,
        must(await limited.rpc('exam_questions', { code, attempt_id: attemptId, student_name: 'Schema Student' })),
      ),
      outcomeOf(submitExamAnswerSchema, must(await limited.rpc('submit_exam', submitExamArgs(code)))),
      outcomeOf(attemptReportAnswerSchema, must(await limited.rpc('report_exam_attempt', reportArgs(attemptId, code)))),
      outcomeOf(resultLookupAnswerSchema, must(await limited.rpc('lookup_result', { code }))),
      outcomeOf(
        resumeAttemptAnswerSchema,
        must(await limited.rpc('resume_exam_attempt', { code, pin: '000000', attempt_id: attemptId })),
      ),
    ]
    expect(answers).toEqual(Array(6).fill('rate_limited'))
  })
})

describe('exam_questions', () => {
  const questions = (answer: unknown) => outcomeOf(examQuestionsAnswerSchema, answer)

  it('answers ok, invalid, used and time_over in the schema', async () => {
    const code = await newCode()
    const attemptId = randomUUID()
    expect(questions(await start(code, attemptId))).toBe('ok')
    expect(questions(await start(unknownCode()))).toBe('invalid')
    expect(questions(await start(await usedCode()))).toBe('used')
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-hour) })
        .eq('id', attemptId),
    )
    expect(questions(await start(code))).toBe('time_over')
  })

  it('answers exam_closed in the schema', async () => {
    await withOnlySchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-hour) }, async () => {
      expect(questions(await start(await newCode()))).toBe('exam_closed')
    })
  })

  it('answers no_questions and no_valid_questions in the schema', async () => {
    await withQuestionBankRestored(async () => {
      succeeded(await service.from('questions').delete().gte('question_number', 0))
      expect(questions(await start(await newCode()))).toBe('no_questions')
      succeeded(
        await service.from('questions').insert({ question_number: 1, question_text: 'Explain.', correct_answer: 'DESCRIPTIVE' }),
      )
      expect(questions(await start(await newCode()))).toBe('no_valid_questions')
    })
  })
})

describe('submit_exam', () => {
  const receipt = (answer: unknown) => outcomeOf(submitExamAnswerSchema, answer)

  it('answers not_started, accepted, code_used and invalid_code in the schema', async () => {
    const code = await newCode()
    expect(receipt(await submit(code))).toBe('not_started')
    await start(code)
    expect(receipt(await submit(code))).toBe('accepted')
    expect(receipt(await submit(code))).toBe('code_used')
    expect(receipt(await submit(unknownCode()))).toBe('invalid_code')
  })

  it('answers exam_over in the schema', async () => {
    const code = await newCode()
    await start(code)
    await moveStart(code, isoFromNow(-2 * hour), isoFromNow(-hour))
    expect(receipt(await submit(code, { submitted_at: isoFromNow(-minute) }))).toBe('exam_over')
  })
})

describe('report_exam_attempt', () => {
  it('answers ok, invalid and exam_closed in the schema', async () => {
    const code = await newCode()
    const attemptId = randomUUID()
    await start(code, attemptId)
    const report = async (attempt: string) =>
      outcomeOf(attemptReportAnswerSchema, must(await anon.rpc('report_exam_attempt', reportArgs(attempt, code))))
    expect(await report(attemptId)).toBe('ok')
    expect(await report(randomUUID())).toBe('invalid')
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-hour) })
        .eq('id', attemptId),
    )
    expect(await report(attemptId)).toBe('exam_closed')
  })
})

describe('lookup_result', () => {
  const lookup = async (code: string) => must(await anon.rpc('lookup_result', { code }))
  const result = (answer: unknown) => outcomeOf(resultLookupAnswerSchema, answer)

  it('answers ok with solutions held (until a time, or with none known) and with them released in the schema', async () => {
    const code = await newCode()
    const attemptId = randomUUID()
    await start(code, attemptId)
    expect(await submit(code, { submission_id: attemptId, submitted_at: isoFromNow(0) })).toMatchObject({ outcome: 'accepted' })
    const held = await lookup(code)
    expect(result(held)).toBe('ok')
    expect(v.parse(resultLookupAnswerSchema, held)).toMatchObject({
      solutions_held: true,
      solutions_release_at: expect.any(String),
    })
    await newCode()
    const heldWithoutTime = await withNoActiveSchedule(() => lookup(code))
    expect(result(heldWithoutTime)).toBe('ok')
    expect(v.parse(resultLookupAnswerSchema, heldWithoutTime)).toMatchObject({ solutions_held: true, solutions_release_at: null })
    await moveSubmissionPastItsExam(attemptId)
    const released = await withEveryExamOver(() => lookup(code))
    expect(result(released)).toBe('ok')
    expect(v.parse(resultLookupAnswerSchema, released)).toMatchObject({ solutions: expect.any(Array), solutions_held: false })
  })

  it('answers invalid, unused, no_submission, code_expired and result_expired in the schema', async () => {
    expect(result(await lookup(unknownCode()))).toBe('invalid')
    expect(result(await lookup(await newCode()))).toBe('unused')
    expect(result(await lookup(await usedCode()))).toBe('no_submission')
    expect(result(await lookup(await newCode({ created_at: isoFromNow(-8 * day) })))).toBe('code_expired')
    const old = await newCode()
    const args = await startedSubmission(old)
    must(await anon.rpc('submit_exam', args))
    succeeded(
      await service
        .from('submissions')
        .update({ submitted_at: isoFromNow(-31 * day) })
        .eq('id', args.submission_id),
    )
    expect(result(await lookup(old))).toBe('result_expired')
  })

  it('answers withdrawn in the schema', async () => {
    const code = await newCode()
    const args = await startedSubmission(code)
    must(await anon.rpc('submit_exam', args))
    const admin = await adminClient()
    must(await admin.rpc('void_submission', { submission_id: args.submission_id, reason: 'Schema check' }))
    expect(result(await lookup(code))).toBe('withdrawn')
  })
})

describe('the admin functions the app parses', () => {
  it('answer admin_counts, admin_live_attempt_counts and admin_results_summary in their schemas', async () => {
    const admin = await adminClient()
    const parse = (schema: v.GenericSchema, answer: unknown) =>
      expect(v.safeParse(schema, answer).issues, JSON.stringify(answer)).toBeUndefined()
    parse(
      countsSchema(['questions', 'login_codes', 'codes_used', 'codes_available', 'submissions']),
      must(await admin.rpc('admin_counts')),
    )
    parse(liveAttemptCountsSchema, must(await admin.rpc('admin_live_attempt_counts')))
    must(await anon.rpc('submit_exam', await startedSubmission(await newCode())))
    parse(resultsSummarySchema, must(await admin.rpc('admin_results_summary', { time_zone: 'Europe/Berlin' })))
    const overview = must(await admin.rpc('admin_exam_overview'))
    parse(examOverviewSchema, overview)
    expect(overview).not.toEqual([])
  })

  it('answer admin_login_code_counts and admin_login_codes in their schemas, for each status', async () => {
    const admin = await adminClient()
    const parse = (schema: v.GenericSchema, answer: unknown) =>
      expect(v.safeParse(schema, answer).issues, JSON.stringify(answer)).toBeUndefined()
    // One code of each status, whatever else the database holds.
    const code = await newCode()
    expect(
      must(await anon.rpc('exam_questions', { code, attempt_id: randomUUID(), student_name: 'Schema Student' })),
    ).toMatchObject({
      outcome: 'ok',
    })
    await newCode()
    await usedCode()

    parse(loginCodeCountsSchema, must(await admin.rpc('admin_login_code_counts')))
    for (const status of ['available', 'in_use', 'used']) {
      const page = must(await admin.rpc('admin_login_codes', { status, page_size: 5 }))
      parse(loginCodesPageSchema, page)
      expect((page as { rows: unknown[] }).rows).not.toEqual([])
    }
  })

  it('answers recover_submission_from_file in its schema, refused and accepted', async () => {
    const admin = await adminClient()
    const recover = async (file: Json) =>
      outcomeOf(answerFileRecoverySchema, must(await admin.rpc('recover_submission_from_file', { file })))
    expect(await recover({ format: 'something else' })).toBe('malformed')
    const file = {
      format: 'holdfast-answer-file',
      version: 1,
      submission_id: randomUUID(),
      login_code: unknownCode(),
      student_name: 'File Student',
      answers: { '1': 'A' },
      tab_switches: 0,
      time_taken: 60,
      started_at: isoFromNow(-2 * minute),
      submitted_at: isoFromNow(-minute),
      tag: '0'.repeat(64),
    }
    expect(await recover(file)).toBe('unknown_code')
    expect(await recover({ ...file, login_code: await newCode() })).toBe('bad_tag')

    const code = await newCode()
    const attemptId = randomUUID()
    const { answer_file_key: key } = (await start(code, attemptId)) as { answer_file_key: string }
    const submission = submitExamArgs(code, { submission_id: attemptId, answers: { '1': 'A', '2': 'B' } }) as ExamSubmission
    const tagged = buildAnswerFile(submission, key) as unknown as Json
    expect(await recover(tagged)).toBe('not_reported')
    await reportAnswers(attemptId, code, { '1': 'A', '2': 'C' })
    const accepted = must(await admin.rpc('recover_submission_from_file', { file: tagged }))
    expect(v.parse(answerFileRecoverySchema, accepted)).toMatchObject({
      outcome: 'accepted',
      check: { fileAnswers: 2, counted: 1, differences: [{ question: 2, reported: 'C', file: 'B' }] },
    })

    // A file of a code with no recorded start: its key comes with a start, which is then taken away.
    const unstartedCode = await newCode()
    const unstartedKey = ((await start(unstartedCode, file.submission_id)) as { answer_file_key: string }).answer_file_key
    succeeded(await service.from('exam_attempts').delete().eq('login_code', unstartedCode))
    const { format: _format, version: _version, login_code: _code, tag: _tag, ...content } = file
    const unstarted = buildAnswerFile({ ...content, answers: { '1': 'A' }, code: unstartedCode }, unstartedKey)
    expect(await recover(unstarted as unknown as Json)).toBe('not_started')
  })

  it('answers admin_offer_attempt_move in its schema: a 6-digit PIN and until when it is valid', async () => {
    const admin = await adminClient()
    const attemptId = randomUUID()
    await start(await newCode(), attemptId)
    const offer = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: attemptId }))
    expect(v.safeParse(attemptMoveOfferSchema, offer).issues, JSON.stringify(offer)).toBeUndefined()
  })

  it('answers add_time_for_everyone in its schema, added and nobody_writing', async () => {
    const admin = await adminClient()
    const addTime = async () => outcomeOf(roomTimeAnswerSchema, must(await admin.rpc('add_time_for_everyone', { minutes: 1 })))
    // Nobody else writing meanwhile (an attempt another file started in the last minute would be in the window).
    await withEveryAttemptOver(() =>
      withSchedule({ start_time: isoFromNow(-minute), end_time: isoFromNow(hour) }, async () => {
        const attemptId = randomUUID()
        await start(await newCode(), attemptId)
        expect(await addTime()).toBe('added')
        // The one student's time is over.
        succeeded(
          await service
            .from('exam_attempts')
            .update({ deadline: isoFromNow(-minute) })
            .eq('id', attemptId),
        )
        expect(await addTime()).toBe('nobody_writing')
      }),
    )
  })
  it('answers admin_guessing_limits, clear_guessing_limit and end_address_trust in their schemas, limited, cleared, nothing_to_clear, trusted, ended and not_trusted', async () => {
    const admin = await adminClient()
    const address = '192.0.2.90'
    const minuteNow = new Date(Math.floor(Date.now() / minute) * minute).toISOString()
    succeeded(await service.from('code_guess_failures').insert({ client_address: address, minute: minuteNow, failures: 20_000 }))
    const limits = must(await admin.rpc('admin_guessing_limits'))
    expect(v.safeParse(guessingLimitsSchema, limits).issues, JSON.stringify(limits)).toBeUndefined()
    expect(limits.find((row) => row.client_address === address)).toMatchObject({ limited: true })
    const clear = async () => outcomeOf(guessingLimitClearedSchema, must(await admin.rpc('clear_guessing_limit', { address })))
    expect(await clear()).toBe('cleared')
    expect(await clear()).toBe('nothing_to_clear')

    const trust = must(await admin.rpc('clear_guessing_limit', { address, trust_minutes: 1 }))
    expect(outcomeOf(guessingLimitClearedSchema, trust)).toBe('trusted')
    const trusted = must(await admin.rpc('admin_guessing_limits'))
    expect(v.safeParse(guessingLimitsSchema, trusted).issues, JSON.stringify(trusted)).toBeUndefined()
    expect(trusted.find((row) => row.client_address === address)).toMatchObject({ failures: 0, since: null })
    const endTrust = async () => outcomeOf(addressTrustEndedSchema, must(await admin.rpc('end_address_trust', { address })))
    expect(await endTrust()).toBe('ended')
    expect(await endTrust()).toBe('not_trusted')
  })
})

describe('an exam in progress on another device, and its move (issue 26)', () => {
  const resume = async (code: string, pin: string, attemptId = randomUUID()) =>
    outcomeOf(resumeAttemptAnswerSchema, must(await anon.rpc('resume_exam_attempt', { code, pin, attempt_id: attemptId })))

  it('answers in_progress_elsewhere, moved and every outcome of resume_exam_attempt in the schemas', async () => {
    const code = await newCode()
    const first = randomUUID()
    await start(code, first)
    expect(outcomeOf(loginCodeStatusSchema, must(await anon.rpc('check_login_code', { code })))).toBe('in_progress_elsewhere')
    expect(outcomeOf(examQuestionsAnswerSchema, await start(code))).toBe('in_progress_elsewhere')
    const flagged = reportArgs(first, code, { answered_count: 1, answers: { '1': 'B' }, flags: [1] })
    expect(outcomeOf(attemptReportAnswerSchema, must(await anon.rpc('report_exam_attempt', flagged)))).toBe('ok')
    // No PIN offered yet: any PIN is wrong.
    expect(await resume(code, '000000')).toBe('wrong_pin')

    const admin = await adminClient()
    const { pin } = must(await admin.rpc('admin_offer_attempt_move', { attempt_id: first })) as { pin: string }
    const wrongPin = String((Number(pin) + 1) % 1_000_000).padStart(6, '0')
    expect(await resume(code, wrongPin)).toBe('wrong_pin')
    const second = randomUUID()
    const resumed = must(await anon.rpc('resume_exam_attempt', { code, pin: pin.replace(/^(...)/, '$1 '), attempt_id: second }))
    expect(outcomeOf(resumeAttemptAnswerSchema, resumed)).toBe('ok')
    expect(v.parse(resumeAttemptAnswerSchema, resumed)).toMatchObject({ restored: { answers: { '1': 'B' }, flags: [1] } })
    expect(outcomeOf(attemptReportAnswerSchema, must(await anon.rpc('report_exam_attempt', reportArgs(first, code))))).toBe(
      'moved',
    )

    expect(await resume(unknownCode(), pin)).toBe('invalid')
    expect(await resume(await usedCode(), pin)).toBe('used')
    expect(await resume(await newCode(), pin)).toBe('not_in_progress')
    succeeded(
      await service
        .from('exam_attempts')
        .update({ deadline: isoFromNow(-hour) })
        .eq('id', second),
    )
    expect(await resume(code, pin)).toBe('time_over')
  })
})

describe('the refusal vocabulary (src/domain/student-refusals.ts)', () => {
  // Run after the tests above (one file runs in order): each schema has read what they reached.
  it.each([
    ['check_login_code', loginCodeStatusSchema, loginCodeRefusals],
    ['exam_questions', examQuestionsAnswerSchema, examQuestionsRefusals],
    ['submit_exam', submitExamAnswerSchema, submitExamRefusals],
    ['report_exam_attempt', attemptReportAnswerSchema, attemptReportRefusals],
    ['lookup_result', resultLookupAnswerSchema, resultLookupRefusals],
    ['resume_exam_attempt', resumeAttemptAnswerSchema, resumeAttemptRefusals],
  ] as const)('names no refusal that %s never answers', (_name, schema, refusals) => {
    expect([...(outcomesRead.get(schema) ?? [])]).toEqual(expect.arrayContaining([...refusals]))
  })
})
