import { describe, expect, it } from 'vitest'
import { clearStudentSession, readStudentSession, writeStudentSession } from './student-session'

const KEY = 'holdfast.student-session'

describe('student session', () => {
  it('is absent until one is written', () => {
    expect(readStudentSession()).toBeNull()
  })

  it('reads back what was written, under the student-session key', () => {
    writeStudentSession({ loginCode: 'ABC123', studentName: 'Ada Lovelace' })

    expect(readStudentSession()).toEqual({ loginCode: 'ABC123', studentName: 'Ada Lovelace' })
    expect(JSON.parse(localStorage.getItem(KEY) ?? 'null')).toEqual({
      loginCode: 'ABC123',
      studentName: 'Ada Lovelace',
    })
  })

  it('is gone after clearing', () => {
    writeStudentSession({ loginCode: 'ABC123', studentName: 'Ada Lovelace' })

    clearStudentSession()

    expect(readStudentSession()).toBeNull()
    expect(localStorage.getItem(KEY)).toBeNull()
  })

  it.each([
    ['malformed JSON', '{"loginCode": "ABC'],
    ['a non-object', '"ABC123"'],
    ['null', 'null'],
    ['a missing name', '{"loginCode":"ABC123"}'],
    ['an empty code', '{"loginCode":"","studentName":"Ada"}'],
    ['a non-string code', '{"loginCode":123,"studentName":"Ada"}'],
  ])('treats %s as no session', (_, stored) => {
    localStorage.setItem(KEY, stored)

    expect(readStudentSession()).toBeNull()
  })
})
