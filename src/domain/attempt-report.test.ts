import { expect, it } from 'vitest'
import { examAttempt, examStart } from '../../tests/unit/exam-fixtures'
import { buildAttemptReport } from './attempt-report'
import { buildSubmission } from './exam-submission'

it('reports the progress of an attempt on the server clock, with the answers its submission would carry', () => {
  const attempt = examAttempt({ answers: { '1': 'A', '3': 'D' }, tabSwitches: 4, serverOffsetMs: 60_000 })
  expect(buildAttemptReport(attempt, 'in_progress', examStart + 5_000, false, null)).toEqual({
    attempt_id: attempt.id,
    code: 'ABCD1234',
    answered_count: 2,
    tab_switches: 4,
    state: 'in_progress',
    online: false,
    reported_at: '2026-11-23T09:01:05.000Z',
    storage_persistent: null,
    answers: { '1': 'A', '3': 'D' },
  })
})

it('reports the answers by question number and original letter, whatever order the student saw', () => {
  const attempt = examAttempt({ answers: { '2': 'C' } })
  const report = buildAttemptReport(attempt, 'in_progress', examStart, true, null)
  expect(report.answers).toEqual(buildSubmission(attempt, examStart).answers)
  // A copy: an answer given after the report was made is not in it.
  attempt.answers['4'] = 'B'
  expect(report.answers).toEqual({ '2': 'C' })
})

it('stays a few hundred bytes with every one of 50 questions answered', () => {
  const answers = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i + 1), 'D' as const]))
  const report = buildAttemptReport(examAttempt({ answers }), 'submitted_on_device', examStart, true, true)
  expect(report.answers).toEqual(answers)
  expect(JSON.stringify(report).length).toBeLessThan(1024)
})

it("carries the browser's answer to the request for persistent storage", () => {
  const attempt = examAttempt()
  expect(buildAttemptReport(attempt, 'in_progress', examStart, true, false).storage_persistent).toBe(false)
  expect(buildAttemptReport(attempt, 'submitted_on_device', examStart, true, true).storage_persistent).toBe(true)
})
