import { describe, expect, it } from 'vitest'
import { examNameMaxLength, examNameProblem } from './exam-name'

describe('examNameProblem', () => {
  it('asks for a name and takes one of up to 200 characters, spaces around it left out', () => {
    expect(examNameProblem('   ')).toBe('Exam name is required')
    expect(examNameProblem(` ${'x'.repeat(examNameMaxLength)} `)).toBeNull()
    expect(examNameProblem('x'.repeat(examNameMaxLength + 1))).toBe('Exam name must be at most 200 characters')
    expect(examNameProblem('Physics (Year 10)')).toBeNull()
  })
})
