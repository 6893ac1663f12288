import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { anonClient, serviceClient } from './clients.ts'
import {
  allQuestions,
  answerKey,
  day,
  hour,
  isUsableMcq,
  isoFromNow,
  loginCodesPerFile,
  minute,
  moveStart,
  moveSubmissionPastItsExam,
  must,
  readCode,
  startExam,
  startedSubmission,
  submissionRow,
  submissionsFor,
  submitExamArgs as submission,
  succeeded,
  withEveryExamOver,
  withQuestionBankRestored,
  withOnlySchedule,
  withSchedule,
  withNoSolutionsShownSince,
  zeroUuid,
  type Question,
  type SubmitExamArgs as SubmitArgs,
  codeStatus,
} from './exam-data.ts'

type Outcome = { outcome: string } & Record<string, unknown>

const anon = anonClient()
const service = serviceClient()

const { newCode, unknownCode } = loginCodesPerFile()
let bankBefore: Question[]

beforeAll(async () => {
  bankBefore = await allQuestions()
  expect(bankBefore.filter(isUsableMcq).length).toBeGreaterThanOrEqual(10)
})

afterAll(async () => {
  expect(await allQuestions()).toEqual(bankBefore)
})

async function checkCode(code: string): Promise<string> {
  const { data, error } = await anon.rpc('check_login_code', { code })
  expect(error).toBeNull()
  return codeStatus(data)
}

async function examQuestions(code: string, attemptId?: string): Promise<Outcome> {
  const { data, error } = await anon.rpc('exam_questions', { code, attempt_id: attemptId })
  expect(error).toBeNull()
  return data as Outcome
}

async function lookup(code: string): Promise<Outcome> {
  const { data, error } = await anon.rpc('lookup_result', { code })
  expect(error).toBeNull()
  return data as Outcome
}

async function submit(args: SubmitArgs): Promise<Outcome> {
  const { data, error } = await anon.rpc('submit_exam', args)
  expect(error).toBeNull()
  return data as Outcome
}

/** Answers for questions 1..count: the correct letter where `correct(n)`, a wrong one otherwise. */
async function answersFor(
  count: number,
  correct: (n: number) => boolean,
): Promise<{ answers: Record<string, string>; score: number }> {
  const key = await answerKey()
  const answers: Record<string, string> = {}
  let score = 0
  for (let n = 1; n <= count; n++) {
    const right = key.get(n)
    if (!right) throw new Error(`the bank has no question ${n}`)
    const wrong = ['A', 'B', 'C', 'D'].find((letter) => letter !== right) as string
    answers[String(n)] = correct(n) ? right : wrong
    if (correct(n)) score++
  }
  return { answers, score }
}

/** Whether the exam serves a question: usable, and numbered 1 to 50. */
const isServed = (q: Question) => isUsableMcq(q) && q.question_number >= 1 && q.question_number <= 50

/** How many questions an exam serves now, what a submission without a recorded start is scored out of. */
async function servedCount(): Promise<number> {
  return (await allQuestions()).filter(isServed).length
}

/** The code is untouched: unused, nobody named, and no submission stored for it. */
async function expectUnclaimed(code: string): Promise<void> {
  expect(await readCode(code)).toMatchObject({ is_used: false, used_by: null, used_at: null })
  expect(await submissionsFor(code)).toEqual([])
}

async function storedSubmission(id: string) {
  return must(await service.from('submissions').select('*').eq('id', id))
}

function mcq(fields: Partial<Question> = {}) {
  return {
    question_text: 'Fixture question?',
    option_a: 'One',
    option_b: 'Two',
    option_c: 'Three',
    option_d: 'Four',
    correct_answer: 'B',
    ...fields,
  }
}

/** As the admin form stores a descriptive question: empty options, correct_answer DESCRIPTIVE. */
function descriptive(question_text: string) {
  return { question_text, option_a: '', option_b: '', option_c: '', option_d: '', correct_answer: 'DESCRIPTIVE' }
}

describe('check_login_code', () => {
  it('answers valid for an unused code, however it is typed', async () => {
    const code = await newCode()
    expect(await checkCode(code)).toBe('valid')
    expect(await checkCode(`  ${code.toLowerCase()}  `)).toBe('valid')
    expect(await checkCode(`${code.slice(0, 4).toLowerCase()}${code.slice(4)}`)).toBe('valid')
    expect(await checkCode(`\t${code}\r\n`)).toBe('valid')
    expect(await checkCode(`\u00a0${code}\u00a0`)).toBe('valid')
  })

  it('answers used for a used code', async () => {
    const code = await newCode({ is_used: true, used_by: 'Earlier Student', used_at: isoFromNow(-hour) })
    expect(await checkCode(code)).toBe('used')
    expect(await checkCode(` ${code.toLowerCase()} `)).toBe('used')
  })

  it("answers exam_closed outside the window, which the code's extra minutes move, as exam_questions does (issue 16)", async () => {
    const plain = await newCode()
    const extraTime = await newCode({ extra_minutes: 30 })
    // No key of the sitting shown yet (any file's lookups show keys; see security-late-submission).
    const opened = isoFromNow(-2 * hour)
    await withNoSolutionsShownSince(opened, () =>
      withOnlySchedule({ start_time: opened, end_time: isoFromNow(-10 * minute) }, async () => {
        expect(await checkCode(plain)).toBe('exam_closed')
        expect(await examQuestions(plain)).toEqual({ outcome: 'exam_closed' })
        // Ten minutes after the end, 30 extra minutes still let this code start.
        expect(await checkCode(extraTime)).toBe('valid')
        expect((await examQuestions(extraTime)).outcome).toBe('ok')
      }),
    )
    const upcoming = await newCode({ extra_minutes: 30 })
    await withOnlySchedule({ start_time: isoFromNow(hour), end_time: isoFromNow(2 * hour) }, async () => {
      expect(await checkCode(upcoming)).toBe('exam_closed')
    })
  })

  it('answers invalid for a code that does not exist', async () => {
    expect(await checkCode(unknownCode())).toBe('invalid')
    expect(await checkCode('')).toBe('invalid')
    const code = await newCode()
    expect(await checkCode(code.slice(0, 7))).toBe('invalid')
    expect(await checkCode(`${code.slice(0, 4)} ${code.slice(4)}`)).toBe('invalid')
  })

  it('changes nothing', async () => {
    const code = await newCode()
    const before = await readCode(code)
    await checkCode(code)
    expect(await readCode(code)).toEqual(before)
  })
})

describe('exam_questions', () => {
  it('gives the usable multiple-choice questions numbered 1 to 50 in order, with the schedule, and no correct answers', async () => {
    const code = await newCode()
    await withQuestionBankRestored(async () => {
      // Questions 45 to 50 become the fixtures; a usable question 51 is never served.
      succeeded(await service.from('questions').delete().gte('question_number', 45))
      const [usable, descriptiveRow, missingC, blankD, blankText, beyond] = must(
        await service
          .from('questions')
          .insert([
            { question_number: 45, ...mcq({ question_text: 'Usable fixture?' }) },
            { question_number: 46, ...descriptive('Write a detailed answer about anything.') },
            { question_number: 47, ...mcq({ question_text: 'Missing option C?', option_c: '' }) },
            { question_number: 48, ...mcq({ question_text: 'Blank option D?', option_d: '   ' }) },
            { question_number: 49, ...mcq({ question_text: '  ' }) },
            { question_number: 51, ...mcq({ question_text: 'Beyond the fifty?' }) },
          ])
          .select()
          .order('question_number'),
      )
      {
        const result = await examQuestions(` ${code.toLowerCase()} `)
        expect(result.outcome).toBe('ok')

        const bank = await allQuestions()
        const expected = bank.filter(isServed).map((q) => ({
          id: q.id,
          question_number: q.question_number,
          question_text: q.question_text,
          option_a: q.option_a,
          option_b: q.option_b,
          option_c: q.option_c,
          option_d: q.option_d,
        }))
        // The seeded schedule shuffles (issue 14): each question once, in this code's order, with its options' order.
        const served = result.questions as Array<(typeof expected)[number] & { option_order: string }>
        expect(
          served.map(({ option_order: _order, ...question }) => question).sort((a, b) => a.question_number - b.question_number),
        ).toEqual(expected)
        for (const question of served) expect([...question.option_order].sort().join('')).toBe('ABCD')
        const ids = (result.questions as Array<{ id: string }>).map((q) => q.id)
        expect(ids).toContain(usable?.id)
        for (const excluded of [descriptiveRow, missingC, blankD, blankText, beyond]) expect(ids).not.toContain(excluded?.id)
        expect(ids).toHaveLength(bankBefore.filter((q) => isServed(q) && q.question_number < 45).length + 1)

        expect(JSON.stringify(result)).not.toContain('correct_answer')
        expect(JSON.stringify(result)).not.toContain('DESCRIPTIVE')

        const schedule = must(
          await service
            .from('exam_schedule')
            .select('*')
            .eq('is_active', true)
            .order('created_at', { ascending: false })
            .limit(1)
            .single(),
        )
        expect(result.duration_minutes).toBe(schedule.duration_minutes)
        expect(Date.parse(result.window_end as string)).toBe(Date.parse(schedule.end_time))
        expect(Math.abs(Date.parse(result.server_now as string) - Date.now())).toBeLessThan(minute)
      }
    })
    // Loading the questions does not claim the code.
    await expectUnclaimed(code)
  })

  it('answers invalid for an unknown code and used for a used one', async () => {
    expect(await examQuestions(unknownCode())).toEqual({ outcome: 'invalid' })
    const used = await newCode({ is_used: true, used_by: 'Earlier Student', used_at: isoFromNow(-hour) })
    expect(await examQuestions(used)).toEqual({ outcome: 'used' })
    expect(await examQuestions(used.toLowerCase())).toEqual({ outcome: 'used' })
  })

  it('answers exam_closed while the code’s sitting has not opened yet', async () => {
    const code = await newCode()
    await withOnlySchedule({ start_time: isoFromNow(hour), end_time: isoFromNow(2 * hour) }, async () => {
      expect(await examQuestions(code)).toEqual({ outcome: 'exam_closed' })
    })
    expect((await examQuestions(code)).outcome).toBe('ok')
  })

  it('answers exam_closed once the code’s sitting has closed', async () => {
    const code = await newCode()
    await withOnlySchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-minute) }, async () => {
      expect(await examQuestions(code)).toEqual({ outcome: 'exam_closed' })
    })
  })

  it('follows the open sitting and ignores a newer inactive one', async () => {
    const code = await newCode()
    // One device asking twice (a reload): another would be told the code is written elsewhere.
    const attemptId = crypto.randomUUID()
    await withSchedule({ start_time: isoFromNow(-hour), end_time: isoFromNow(hour), duration_minutes: 45 }, async (open) => {
      const result = await examQuestions(code, attemptId)
      expect(result.outcome).toBe('ok')
      expect(result.duration_minutes).toBe(45)
      expect(Date.parse(result.window_end as string)).toBe(Date.parse(open.end_time))

      await withSchedule({ start_time: isoFromNow(-2 * hour), end_time: isoFromNow(-hour), is_active: false }, async () => {
        const again = await examQuestions(code, attemptId)
        expect(again.outcome).toBe('ok')
        expect(again.duration_minutes).toBe(45)
      })
    })
  })

  it('uses 30 minutes and no window when no schedule is active', async () => {
    const code = await newCode()
    const active = must(await service.from('exam_schedule').select('id').eq('is_active', true))
    const ids = active.map((s) => s.id)
    try {
      succeeded(await service.from('exam_schedule').update({ is_active: false }).in('id', ids))
      const result = await examQuestions(code)
      expect(result).toMatchObject({ outcome: 'ok', duration_minutes: 30, window_end: null })
    } finally {
      succeeded(await service.from('exam_schedule').update({ is_active: true }).in('id', ids))
    }
    expect(
      must(await service.from('exam_schedule').select('id').eq('is_active', true))
        .map((s) => s.id)
        .sort(),
    ).toEqual(ids.sort())
  })

  it('answers no_questions for an empty bank and no_valid_questions when none is a usable MCQ', async () => {
    const code = await newCode()
    await withQuestionBankRestored(async () => {
      succeeded(await service.from('questions').delete().neq('id', zeroUuid))
      expect(await examQuestions(code)).toEqual({ outcome: 'no_questions' })

      succeeded(
        await service.from('questions').insert([
          { question_number: 1, ...descriptive('Write a detailed answer about rivers.') },
          { question_number: 2, ...mcq({ option_b: '' }) },
        ]),
      )
      expect(await examQuestions(code)).toEqual({ outcome: 'no_valid_questions' })

      succeeded(await service.from('questions').insert({ question_number: 3, ...mcq() }))
      const result = await examQuestions(code)
      expect(result.outcome).toBe('ok')
      expect((result.questions as Array<{ question_number: number }>).map((q) => q.question_number)).toEqual([3])
    })
  })
})

describe('submit_exam', () => {
  it('accepts a submission, scores it from the stored answers and claims the code', async () => {
    const code = await newCode()
    const { answers, score } = await answersFor(10, (n) => n % 3 !== 0)
    expect(score).toBe(7)
    const args = submission(` ${code.toLowerCase()} `, {
      answers,
      student_name: '  Ada Lovelace  ',
      tab_switches: 3,
      time_taken: 600,
    })
    await startExam(code, args.submission_id)
    const [attempt] = must(await service.from('exam_attempts').select('started_at').eq('login_code', code))
    const receipt = await submit(args)

    expect(receipt).toEqual({
      outcome: 'accepted',
      submission_id: args.submission_id,
      score,
      // Out of the questions the exam serves, not the 10 answered.
      total: await servedCount(),
      received_at: expect.any(String),
      answers_fingerprint: expect.stringMatching(/^[0-9a-f]{12}$/),
    })
    expect(Math.abs(Date.parse(receipt.received_at as string) - Date.now())).toBeLessThan(minute)

    const [stored, ...others] = await storedSubmission(args.submission_id)
    expect(others).toEqual([])
    expect(stored).toMatchObject({
      student_name: 'Ada Lovelace',
      login_code: code,
      answers,
      score,
      question_count: await servedCount(),
      tab_switches: 3,
      // The server's clock from the recorded start; the device's claim is kept beside it.
      time_taken: expect.any(Number),
      device_time_taken: 600,
      answers_fingerprint: receipt.answers_fingerprint,
      // Always the code's exam (the one exam here).
      exam_category_id: expect.any(String),
    })
    expect(Date.parse(stored?.received_at ?? '')).toBe(Date.parse(receipt.received_at as string))
    expect(stored?.time_taken).toBeLessThan(60)
    expect(Date.parse(stored?.started_at ?? '')).toBe(Date.parse(attempt?.started_at ?? ''))
    expect(Date.parse(stored?.device_started_at ?? '')).toBe(Date.parse(args.started_at))
    expect(Date.parse(stored?.submitted_at ?? '')).toBe(Date.parse(args.submitted_at))

    const claimed = await readCode(code)
    expect(claimed).toMatchObject({ is_used: true, used_by: 'Ada Lovelace' })
    expect(Math.abs(Date.parse(claimed.used_at ?? '') - Date.now())).toBeLessThan(minute)
    expect(await checkCode(code)).toBe('used')
    expect(await examQuestions(code)).toEqual({ outcome: 'used' })
  })

  it('scores against the stored correct answers, not anything the client says', async () => {
    const code = await newCode()
    const key = await answerKey()
    const allRight = Object.fromEntries([1, 2, 3, 4, 5].map((n) => [String(n), key.get(n) as string]))
    const receipt = await submit(await startedSubmission(code, { answers: allRight }))
    const total = await servedCount()
    expect(receipt).toMatchObject({ outcome: 'accepted', score: 5, total })

    const otherCode = await newCode()
    const allWrong = Object.fromEntries(
      [1, 2, 3, 4, 5].map((n) => [String(n), ['A', 'B', 'C', 'D'].find((l) => l !== key.get(n)) as string]),
    )
    expect(await submit(await startedSubmission(otherCode, { answers: allWrong }))).toMatchObject({
      outcome: 'accepted',
      score: 0,
      total,
    })
  })

  it('returns the same receipt for the same submission_id and stores one row', async () => {
    const code = await newCode()
    const args = await startedSubmission(code)
    const first = await submit(args)
    expect(first.outcome).toBe('accepted')
    const second = await submit(args)
    expect(second).toEqual(first)
    const retriedLowercase = await submit({ ...args, code: code.toLowerCase() })
    expect(retriedLowercase).toEqual(first)
    expect(await submissionsFor(code)).toHaveLength(1)
    expect(await storedSubmission(args.submission_id)).toHaveLength(1)
  })

  it('returns the same receipt on a retry after the exam window closed', async () => {
    const code = await newCode()
    const args = await startedSubmission(code)
    const first = await submit(args)
    expect(first.outcome).toBe('accepted')
    await withSchedule({ start_time: isoFromNow(-3 * hour), end_time: isoFromNow(-2 * hour) }, async () => {
      expect(await submit(args)).toEqual(first)
    })
    expect(await submissionsFor(code)).toHaveLength(1)
  })

  it('refuses a known submission_id sent with another code, and leaves that code unused', async () => {
    const code = await newCode()
    const other = await newCode()
    const args = await startedSubmission(code)
    expect((await submit(args)).outcome).toBe('accepted')
    const { data, error } = await anon.rpc('submit_exam', { ...args, code: other })
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: '22023', message: 'submission id belongs to another login code' })
    await expectUnclaimed(other)
  })

  it('answers code_used to a different submission for a used code, storing nothing', async () => {
    const code = await newCode()
    const first = await startedSubmission(code, { student_name: 'First Student' })
    expect((await submit(first)).outcome).toBe('accepted')
    const second = submission(code, { student_name: 'Second Student', answers: { '1': 'D' } })
    expect(await submit(second)).toEqual({ outcome: 'code_used' })
    expect(await storedSubmission(second.submission_id)).toEqual([])
    expect((await submissionsFor(code)).map((s) => s.id)).toEqual([first.submission_id])
    expect(await readCode(code)).toMatchObject({ is_used: true, used_by: 'First Student' })
  })

  it('answers code_used for a code marked used without a submission', async () => {
    const code = await newCode({ is_used: true, used_by: 'Earlier Student', used_at: isoFromNow(-hour) })
    const args = submission(code)
    expect(await submit(args)).toEqual({ outcome: 'code_used' })
    expect(await submissionsFor(code)).toEqual([])
  })

  it('lets exactly one of two racing submissions for one code through', async () => {
    const code = await newCode()
    const first = await startedSubmission(code, { student_name: 'Racer One' })
    // Another id for the same started code, as an older app (or an answer file) sends one: a
    // second device cannot start the code while the first writes it (issue 26).
    const second = submission(code, { student_name: 'Racer Two' })
    const results = await Promise.all([submit(first), submit(second)])
    const outcomes = results.map((r) => r.outcome).sort()
    expect(outcomes).toEqual(['accepted', 'code_used'])

    const winner = results[0]?.outcome === 'accepted' ? first : second
    expect(results.find((r) => r.outcome === 'accepted')?.submission_id).toBe(winner.submission_id)
    const stored = await submissionsFor(code)
    expect(stored.map((s) => s.id)).toEqual([winner.submission_id])
    expect(await readCode(code)).toMatchObject({ is_used: true, used_by: winner.student_name })
  })

  it('refuses a name out of bounds before claiming the code', async () => {
    const code = await newCode()
    const args = submission(code, { student_name: ' A ' })
    const { data, error } = await anon.rpc('submit_exam', args)
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: '22023', message: 'student_name must be 2 to 200 characters', details: null })
    await expectUnclaimed(code)
    expect(await storedSubmission(args.submission_id)).toEqual([])
  })

  it('leaves the code unused when storing the submission fails, and says nothing of the row', async () => {
    // An administrator set the code unused again while its submission stayed: the insert meets it.
    const code = await newCode()
    succeeded(await service.from('submissions').insert(submissionRow(code)))
    const args = await startedSubmission(code)
    const { data, error } = await anon.rpc('submit_exam', args)
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: '23505', details: null, hint: null })
    expect(await readCode(code)).toMatchObject({ is_used: false, used_by: null, used_at: null })
    expect(await storedSubmission(args.submission_id)).toEqual([])

    // The code works for a proper submission once the stray row is gone.
    succeeded(await service.from('submissions').delete().eq('login_code', code))
    expect((await submit(args)).outcome).toBe('accepted')
  })

  it.each([
    ['a letter outside A-D', { '1': 'E' }],
    ['a lowercase letter', { '1': 'a' }],
    ['a key that is not a question number', { abc: 'A' }],
    ['question number 0', { '0': 'A' }],
    ['question number 51', { '1': 'A', '51': 'A' }],
    ['question number 9999', { '9999': 'A' }],
    ['question number 050', { '050': 'A' }],
    ['a number instead of a letter', { '1': 1 }],
    ['an array', ['A', 'B']],
    ['an array of pairs', [{ '1': 'A' }]],
    ['a bare string', 'A'],
  ])('refuses answers with %s and stores nothing', async (_what, answers) => {
    const code = await newCode()
    const args = submission(code, { answers: answers as SubmitArgs['answers'] })
    const { data, error } = await anon.rpc('submit_exam', args)
    expect(data).toBeNull()
    expect(error).toMatchObject({ code: '22023', message: 'answers must map question numbers 1 to 50 to A, B, C or D' })
    await expectUnclaimed(code)
    expect(await storedSubmission(args.submission_id)).toEqual([])
  })

  it('answers invalid_code for an unknown code, storing nothing', async () => {
    const code = unknownCode()
    const args = submission(code)
    expect(await submit(args)).toEqual({ outcome: 'invalid_code' })
    expect(await storedSubmission(args.submission_id)).toEqual([])
    expect(must(await service.from('login_codes').select('id').eq('code', code))).toEqual([])
  })

  it('answers exam_over for a submission claimed after its deadline plus 2 minutes', async () => {
    const code = await newCode()
    const args = await startedSubmission(code, { submitted_at: isoFromNow(-7 * minute) })
    await moveStart(code, isoFromNow(-hour), isoFromNow(-10 * minute))
    expect(await submit(args)).toEqual({ outcome: 'exam_over' })
    expect(await storedSubmission(args.submission_id)).toEqual([])
    await expectUnclaimed(code)
  })

  it('answers exam_over for a submission claimed before its code started', async () => {
    const code = await newCode()
    expect(await submit(await startedSubmission(code, { submitted_at: isoFromNow(-hour) }))).toEqual({ outcome: 'exam_over' })
    await expectUnclaimed(code)
  })

  it('accepts a submission made before its deadline that arrives after it, recording when it arrived', async () => {
    const code = await newCode()
    const deadline = isoFromNow(-minute)
    {
      const submittedAt = new Date(Date.parse(deadline) - 30_000).toISOString()
      const args = await startedSubmission(code, { started_at: isoFromNow(-30 * minute), submitted_at: submittedAt })
      await moveStart(code, isoFromNow(-hour), deadline)
      const receipt = await submit(args)
      expect(receipt.outcome).toBe('accepted')
      const [stored] = await storedSubmission(args.submission_id)
      expect(Date.parse(stored?.submitted_at ?? '')).toBe(Date.parse(submittedAt))
      expect(Date.parse(stored?.received_at ?? '')).toBeGreaterThan(Date.parse(submittedAt))
      expect(Date.parse(stored?.received_at ?? '')).toBeGreaterThan(Date.parse(deadline))
      expect(Date.parse(receipt.received_at as string)).toBe(Date.parse(stored?.received_at ?? ''))
    }
  })

  it('accepts a submission within the 2-minute grace after its deadline', async () => {
    const code = await newCode()
    const deadline = isoFromNow(-3 * minute)
    const args = await startedSubmission(code, { submitted_at: new Date(Date.parse(deadline) + 90_000).toISOString() })
    await moveStart(code, isoFromNow(-hour), deadline)
    expect((await submit(args)).outcome).toBe('accepted')
  })

  it('does not trust a device clock running ahead: submitted_at is at most the arrival time', async () => {
    const code = await newCode()
    const args = await startedSubmission(code, { submitted_at: isoFromNow(day) })
    expect((await submit(args)).outcome).toBe('accepted')
    const [stored] = await storedSubmission(args.submission_id)
    expect(Date.parse(stored?.submitted_at ?? '')).toBeLessThanOrEqual(Date.parse(stored?.received_at ?? ''))
    expect(Math.abs(Date.parse(stored?.submitted_at ?? '') - Date.now())).toBeLessThan(minute)
  })
})

describe('lookup_result', () => {
  it('answers invalid for an unknown code', async () => {
    expect(await lookup(unknownCode())).toEqual({ outcome: 'invalid' })
  })

  it('answers code_expired for a code created more than 7 days ago', async () => {
    const code = await newCode({ created_at: isoFromNow(-8 * day) })
    expect(await lookup(code)).toEqual({ outcome: 'code_expired' })
    const used = await newCode({
      created_at: isoFromNow(-8 * day),
      is_used: true,
      used_by: 'Old Student',
      used_at: isoFromNow(-8 * day),
    })
    expect(await lookup(used)).toEqual({ outcome: 'code_expired' })
  })

  it('answers unused for an unused code, even 6 days old', async () => {
    expect(await lookup(await newCode())).toEqual({ outcome: 'unused' })
    expect(await lookup(await newCode({ created_at: isoFromNow(-6 * day) }))).toEqual({ outcome: 'unused' })
  })

  it('answers no_submission for a used code without a submission', async () => {
    const code = await newCode({ is_used: true, used_by: 'Lost Student', used_at: isoFromNow(-hour) })
    expect(await lookup(code)).toEqual({ outcome: 'no_submission' })
  })

  it('answers result_expired for a submission older than 30 days', async () => {
    const code = await newCode()
    const args = await startedSubmission(code)
    expect((await submit(args)).outcome).toBe('accepted')
    succeeded(
      await service
        .from('login_codes')
        .update({ created_at: isoFromNow(-2 * day) })
        .eq('code', code),
    )
    succeeded(
      await service
        .from('submissions')
        .update({ submitted_at: isoFromNow(-31 * day) })
        .eq('id', args.submission_id),
    )
    expect(await lookup(code)).toEqual({ outcome: 'result_expired' })
  })

  it('gives the result with per-question solutions within 24 hours, once the exam is over for everyone', async () => {
    const code = await newCode()
    const { answers, score } = await answersFor(6, (n) => n % 2 === 1)
    const args = await startedSubmission(code, {
      answers,
      student_name: 'Grace Hopper',
      tab_switches: 4,
      time_taken: 777,
      submitted_at: isoFromNow(0),
    })
    const receipt = await submit(args)
    const [stored] = await storedSubmission(args.submission_id)
    expect(receipt.outcome).toBe('accepted')
    await moveSubmissionPastItsExam(args.submission_id)

    const result = await withEveryExamOver(() => lookup(` ${code.toLowerCase()} `))
    expect(result).toMatchObject({
      outcome: 'ok',
      student_name: 'Grace Hopper',
      login_code: code,
      score,
      total: await servedCount(),
      tab_switches: 4,
      time_taken: stored?.time_taken,
      answers_fingerprint: receipt.answers_fingerprint,
      solutions_available: true,
    })

    const usable = (await allQuestions()).filter(isServed)
    const solutions = result.solutions as Array<Record<string, unknown>>
    expect(solutions.map((s) => s.question_number)).toEqual(usable.map((q) => q.question_number))
    for (const [index, question] of usable.entries()) {
      const solution = solutions[index]
      const studentAnswer = answers[String(question.question_number)]
      expect(solution).toMatchObject({
        question_number: question.question_number,
        question_text: question.question_text,
        option_a: question.option_a,
        option_d: question.option_d,
        correct_answer: question.correct_answer,
        student_answer: studentAnswer ?? null,
      })
      if (studentAnswer) expect(solution?.is_correct).toBe(studentAnswer === question.correct_answer)
      else expect(solution?.is_correct).toBe(false)
    }
    expect(solutions.filter((s) => s.is_correct === true)).toHaveLength(score)
  })

  // Solutions are shown for 24 hours from their release, not from the submission (issue 27): a
  // day after submitting, the seed's window still open, they are still held. Their end, 24 hours
  // after the release, is in solutions-from-release.test.ts.
  it('gives only the summary a day after submitting while the exam is still open', async () => {
    const code = await newCode()
    const { answers, score } = await answersFor(4, (n) => n <= 3)
    const args = await startedSubmission(code, { answers })
    expect((await submit(args)).outcome).toBe('accepted')
    succeeded(
      await service
        .from('submissions')
        .update({ submitted_at: isoFromNow(-25 * hour) })
        .eq('id', args.submission_id),
    )

    const result = await lookup(code)
    expect(result).toMatchObject({
      outcome: 'ok',
      score,
      total: await servedCount(),
      solutions_available: false,
      solutions_held: true,
      solutions: null,
    })
    expect(JSON.stringify(result)).not.toContain('correct_answer')
  })

  it('scores out of the questions the exam served, not the answers given, everywhere (issue 16)', async () => {
    // Time ran out with 20 right of 25 answered, of the 50 a full exam served: 40 %, on every screen.
    const code = await newCode()
    const started = await anon.rpc('exam_questions', { code, attempt_id: crypto.randomUUID(), student_name: 'Ada Lovelace' })
    expect((started.data as Outcome).questions).toHaveLength(50)
    const { answers, score } = await answersFor(25, (n) => n <= 20)
    const args = submission(code, { answers })

    expect(await submit(args)).toMatchObject({ outcome: 'accepted', score: 20, total: 50 })
    expect(await lookup(code)).toMatchObject({ outcome: 'ok', score, total: 50 })
    expect(await storedSubmission(args.submission_id)).toMatchObject([{ score: 20, question_count: 50 }])
    const { data: passes } = await service.rpc('passes', { score: 20, question_count: 50 })
    expect(passes).toBe(false)
  })

  it('scores a shorter exam out of the questions it served, whatever the bank holds by the submission', async () => {
    await withQuestionBankRestored(async (snapshot) => {
      // The exam serves 25 questions; the bank gets its 50 back before the submission arrives.
      succeeded(await service.from('questions').delete().gt('question_number', 25))
      const code = await newCode()
      const started = await anon.rpc('exam_questions', { code, attempt_id: crypto.randomUUID(), student_name: 'Ada Lovelace' })
      expect((started.data as Outcome).questions).toHaveLength(25)
      succeeded(await service.from('questions').insert(snapshot.filter((q) => q.question_number > 25)))
      const { answers } = await answersFor(25, (n) => n <= 20)
      const args = submission(code, { answers })

      expect(await submit(args)).toMatchObject({ outcome: 'accepted', score: 20, total: 25 })
      expect(await lookup(code)).toMatchObject({ outcome: 'ok', score: 20, total: 25 })
      expect(await storedSubmission(args.submission_id)).toMatchObject([{ question_count: 25 }])
      const { data: passes } = await service.rpc('passes', { score: 20, question_count: 25 })
      expect(passes).toBe(true)
    })
  })
})
