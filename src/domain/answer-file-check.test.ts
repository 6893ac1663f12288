import { describe, expect, it } from 'vitest'
import { describeAnswerFileCheck, type AnswerFileCheck } from './answer-file-check'

const clock = (iso: string) => iso.slice(11, 19)

const check = (fields: Partial<AnswerFileCheck> = {}): AnswerFileCheck => ({
  receivedAt: '2026-11-23T11:41:30.512Z',
  fileAnswers: 4,
  counted: 4,
  differences: [],
  ...fields,
})

describe('describeAnswerFileCheck', () => {
  it('says what was checked, and never that the file was not edited', () => {
    const words = describeAnswerFileCheck(check(), clock)
    expect(words).toBe(
      'The file is well formed and was made for this code. 4 of 4 answers in the file match what the device reported to the server at 11:41:30, in time; all were counted.',
    )
    expect(words).not.toMatch(/edited|typed/)
  })

  it('names each answer that differs or was given later, with both letters, and that it was not counted', () => {
    const words = describeAnswerFileCheck(
      check({
        fileAnswers: 5,
        counted: 3,
        differences: [
          { question: 3, reported: 'B', file: 'C' },
          { question: 7, reported: null, file: 'A' },
        ],
      }),
      clock,
    )
    expect(words).toBe(
      'The file is well formed and was made for this code. 3 of 5 answers in the file match what the device reported to the server at 11:41:30, in time; only those were counted. 2 answers differ or were given later and were not counted: question 3 (reported B, file C), question 7 (not reported, file A).',
    )
  })

  it('names an answer the device reported that the file leaves out, in the singular when there is one', () => {
    const words = describeAnswerFileCheck(
      check({
        fileAnswers: 1,
        counted: 0,
        differences: [
          { question: 2, reported: 'D', file: 'A' },
          { question: 9, reported: 'C', file: null },
        ],
      }),
      clock,
    )
    expect(words).toContain(
      '0 of 1 answer in the file match what the device reported to the server at 11:41:30, in time; none was counted.',
    )
    expect(words).toContain('1 answer differs or was given later and was not counted: question 2 (reported D, file A).')
    expect(words).toContain('The file leaves out 1 answer the device reported: question 9 (reported C).')
  })
})
