import { expect, it } from 'vitest'
import { examQuestions, examStart as startedAt } from '../../tests/unit/exam-fixtures'
import { startAttempt } from './exam-attempt'
import { buildSubmission } from './exam-submission'

function attempt(serverOffsetMs: number) {
  return {
    ...startAttempt({
      id: 'c0ffee00-0000-4000-8000-000000000001',
      loginCode: 'ABCD1234',
      studentName: 'Ada Lovelace',
      questions: examQuestions.slice(0, 2),
      startedAt,
      durationMinutes: 30,
      deadlineIso: '2026-11-23T09:20:00.000Z',
      serverOffsetMs,
      answerFileKey: '00'.repeat(32),
    }),
    answers: { '1': 'B' as const, '2': 'D' as const },
    tabSwitches: 3,
  }
}

it('stores the deadline the server sent, on the device clock', () => {
  expect(attempt(60_000).deadline).toBe(Date.parse('2026-11-23T09:19:00.000Z'))
})

it('sends the times on the server clock and the time actually spent', () => {
  const submission = buildSubmission(attempt(60_000), startedAt + 754_400)
  expect(submission).toEqual({
    submission_id: 'c0ffee00-0000-4000-8000-000000000001',
    code: 'ABCD1234',
    student_name: 'Ada Lovelace',
    answers: { '1': 'B', '2': 'D' },
    tab_switches: 3,
    time_taken: 754,
    started_at: '2026-11-23T09:01:00.000Z',
    submitted_at: '2026-11-23T09:13:34.400Z',
  })
})

it('never reports more time taken than the exam lasts', () => {
  expect(buildSubmission(attempt(0), startedAt + 3_600_000).time_taken).toBe(1800)
})
