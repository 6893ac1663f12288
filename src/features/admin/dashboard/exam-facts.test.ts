import { describe, expect, it } from 'vitest'
import type { ExamSitting } from '../../../domain/active-schedule'
import { examInformation, noSittingFact } from './exam-facts'

const now = new Date('2026-11-28T10:00:00Z')
const rules = ['Camera monitoring', 'Tab switching tracked', 'Automatic time enforcement']

function sitting(fields: Partial<ExamSitting>): ExamSitting {
  return {
    exam_id: 'physics',
    exam: 'Physics',
    exam_name: 'Physics, Friday',
    start_time: '2026-11-28T09:00:00Z',
    end_time: '2026-11-28T12:00:00Z',
    duration_minutes: 45,
    created_at: '2026-11-20T00:00:00Z',
    question_count: 21,
    ...fields,
  }
}

describe('examInformation', () => {
  it("names the open sitting's real length and question count instead of the spec's example figures", () => {
    expect(examInformation([sitting({})], undefined, now)).toEqual(['45 Minutes', '21 Multiple Choice Questions', ...rules])
  })

  it('counts one question and one minute in the singular, and names no count the server could not say', () => {
    expect(examInformation([sitting({ duration_minutes: 1, question_count: 1 })], undefined, now).slice(0, 2)).toEqual([
      '1 Minute',
      '1 Multiple Choice Question',
    ])
    expect(examInformation([sitting({ question_count: null })], undefined, now)[1]).toBe('Multiple Choice Questions')
  })

  it('names the exam chosen, or each exam with a sitting when all are shown', () => {
    const chemistry = sitting({ exam_id: 'chemistry', exam: 'Chemistry', duration_minutes: 30, question_count: 50 })
    expect(examInformation([sitting({}), chemistry], 'chemistry', now)).toEqual([
      '30 Minutes',
      '50 Multiple Choice Questions',
      ...rules,
    ])
    expect(
      examInformation([sitting({}), chemistry], undefined, now)
        .slice(0, 2)
        .sort(),
    ).toEqual(['Chemistry: 30 Minutes, 50 Multiple Choice Questions', 'Physics: 45 Minutes, 21 Multiple Choice Questions'])
  })

  it('says a line without numbers when the exam has no active sitting', () => {
    expect(examInformation([], undefined, now)).toEqual([noSittingFact, ...rules])
    expect(examInformation([sitting({})], 'chemistry', now)).toEqual([noSittingFact, ...rules])
  })
})
