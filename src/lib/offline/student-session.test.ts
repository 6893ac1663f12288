import { beforeEach, describe, expect, it } from 'vitest'
import {
  clearPendingStart,
  clearStudentSession,
  pendingStartAttemptId,
  readStudentSession,
  writeStudentSession,
} from './student-session'

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

describe('pendingStartAttemptId', () => {
  const ada = { loginCode: 'AB12CD34', studentName: 'Ada Lovelace' }
  let made = 0
  const newId = () => `id-${++made}`

  beforeEach(() => {
    localStorage.clear()
    made = 0
  })

  it('keeps the id of a start until it is cleared, so a retried start asks with the same one', () => {
    const first = pendingStartAttemptId(ada, newId)
    expect(pendingStartAttemptId(ada, newId)).toBe(first)
    clearPendingStart()
    expect(pendingStartAttemptId(ada, newId)).not.toBe(first)
  })

  it('gives another code or another name a new id', () => {
    const first = pendingStartAttemptId(ada, newId)
    expect(pendingStartAttemptId({ ...ada, studentName: 'Grace Hopper' }, newId)).not.toBe(first)
    expect(pendingStartAttemptId({ ...ada, loginCode: 'ZZ99ZZ99' }, newId)).not.toBe(first)
  })

  it('makes a fresh id when the stored entry is not one', () => {
    localStorage.setItem('holdfast.pending-exam-start', '{broken')
    expect(pendingStartAttemptId(ada, newId)).toBe('id-1')
  })
})
