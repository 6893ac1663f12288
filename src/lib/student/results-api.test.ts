import { describe, expect, it } from 'vitest'
import { parseResultLookup } from './results-api'

const okAnswer = {
  outcome: 'ok',
  student_name: 'Ada Lovelace',
  login_code: 'AB12CD34',
  started_at: '2026-11-21T09:00:00+00:00',
  submitted_at: '2026-11-21T09:25:00+00:00',
  score: 1,
  total: 2,
  tab_switches: 3,
  time_taken: 1500,
  answers_fingerprint: '0123456789ab',
  solutions_available: true,
  solutions: [
    {
      question_number: 1,
      question_text: 'One?',
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'A',
      accepted: 'A',
      student_answer: 'A',
      is_correct: true,
    },
    {
      question_number: 2,
      question_text: 'Two?',
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'B',
      accepted: 'B',
      student_answer: 'C',
      is_correct: false,
    },
    {
      question_number: 3,
      question_text: 'Three?',
      option_a: 'a',
      option_b: 'b',
      option_c: 'c',
      option_d: 'd',
      correct_answer: 'C',
      accepted: 'C',
      student_answer: null,
      is_correct: null,
    },
  ],
}

describe('parseResultLookup', () => {
  it('reads a result with its solutions', () => {
    const lookup = parseResultLookup(okAnswer)
    expect(lookup.outcome).toBe('ok')
    if (lookup.outcome !== 'ok') return
    expect(lookup.result).toMatchObject({
      student_name: 'Ada Lovelace',
      login_code: 'AB12CD34',
      score: 1,
      total: 2,
      tab_switches: 3,
      time_taken: 1500,
    })
    expect(lookup.result.solutions?.map((s) => [s.question_number, s.student_answer, s.is_correct])).toEqual([
      [1, 'A', true],
      [2, 'C', false],
      [3, null, false],
    ])
  })

  it('reads the name of the code’s exam', () => {
    expect(parseResultLookup({ ...okAnswer, exam_name: 'Mathematics' })).toMatchObject({ result: { exam_name: 'Mathematics' } })
  })

  it('reads the answers a key correction accepts: several letters, or * for a void question', () => {
    const corrections: Record<number, { accepted: string; is_correct: boolean }> = {
      2: { accepted: 'BC', is_correct: true },
      3: { accepted: '*', is_correct: true },
    }
    const lookup = parseResultLookup({
      ...okAnswer,
      solutions: okAnswer.solutions.map((solution) => ({ ...solution, ...corrections[solution.question_number] })),
    })
    if (lookup.outcome !== 'ok') throw new Error(`expected ok, got ${lookup.outcome}`)
    expect(lookup.result.solutions?.map((s) => [s.accepted, s.is_correct])).toEqual([
      [['A'], true],
      [['B', 'C'], true],
      ['void', true],
    ])
  })

  it("reads the receipt, the order each question's options were shown in, and until when the solutions are shown", () => {
    const until = '2026-11-22T11:02:00+00:00'
    const lookup = parseResultLookup({
      ...okAnswer,
      solutions_until: until,
      solutions: okAnswer.solutions.map((solution, index) => ({ ...solution, option_order: ['CADB', 'ABCD', 'DCBA'][index] })),
    })
    if (lookup.outcome !== 'ok') throw new Error(`expected ok, got ${lookup.outcome}`)
    expect(lookup.result.answers_fingerprint).toBe('0123456789ab')
    expect(lookup.result.solutions_until).toBe(until)
    expect(lookup.result.solutions?.map((s) => s.option_order)).toEqual(['CADB', 'ABCD', 'DCBA'])
  })

  it('reads a solution without its order, from an answer given before options were shuffled, as shown A to D', () => {
    const lookup = parseResultLookup(okAnswer)
    if (lookup.outcome !== 'ok') throw new Error(`expected ok, got ${lookup.outcome}`)
    expect(lookup.result.solutions?.map((s) => s.option_order)).toEqual(['ABCD', 'ABCD', 'ABCD'])
    expect(lookup.result.solutions_until).toBeNull()
  })

  it('reads a result whose solutions are no longer available', () => {
    const lookup = parseResultLookup({ ...okAnswer, solutions_available: false, solutions: null })
    expect(lookup).toMatchObject({ outcome: 'ok', result: { solutions: null, solutions_release_at: null } })
  })

  it('reads a result whose solutions are held until the exam closes for everyone', () => {
    const releaseAt = '2026-11-21T11:02:00+00:00'
    const lookup = parseResultLookup({
      ...okAnswer,
      solutions_available: false,
      solutions: null,
      solutions_release_at: releaseAt,
    })
    expect(lookup).toMatchObject({ outcome: 'ok', result: { solutions: null, solutions_release_at: releaseAt } })
  })

  it('reads a result whose solutions are held with no release time known', () => {
    const lookup = parseResultLookup({
      ...okAnswer,
      solutions_available: false,
      solutions_held: true,
      solutions: null,
      solutions_release_at: null,
    })
    expect(lookup).toMatchObject({ outcome: 'ok', result: { solutions: null, solutions_held: true, solutions_release_at: null } })
  })

  it.each(['invalid', 'code_expired', 'unused', 'no_submission', 'result_expired', 'rate_limited'])(
    'passes the refusal %s on',
    (outcome) => {
      expect(parseResultLookup({ outcome })).toEqual({ outcome })
    },
  )

  it.each([
    ['an unknown outcome', { outcome: 'maybe' }],
    ['no outcome', { student_name: 'Ada' }],
    ['a string', 'ok'],
    ['null', null],
    ['a result without a score', { ...okAnswer, score: undefined }],
    ['a release time that is not a string', { ...okAnswer, solutions: null, solutions_release_at: 5 }],
    ['a solution with a bad answer letter', { ...okAnswer, solutions: [{ ...okAnswer.solutions[0], student_answer: 'E' }] }],
    ...['ABC', 'AABC', 'ABCE', 'abcd'].map((option_order): [string, unknown] => [
      `a solution shown in the order ${JSON.stringify(option_order)}`,
      { ...okAnswer, solutions: [{ ...okAnswer.solutions[0], option_order }] },
    ]),
    ['a result without its receipt', { ...okAnswer, answers_fingerprint: undefined }],
    ['an end of the solutions that is not a time', { ...okAnswer, solutions_until: 'tomorrow' }],
    ...['', 'E', 'BA', '**'].map((accepted): [string, unknown] => [
      `a solution accepting ${JSON.stringify(accepted)}`,
      { ...okAnswer, solutions: [{ ...okAnswer.solutions[0], accepted }] },
    ]),
  ])('treats %s as a failed lookup', (_, data) => {
    expect(parseResultLookup(data as never)).toEqual({ outcome: 'failed' })
  })
})
