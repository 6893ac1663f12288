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
    flags: [],
  })
})

it('carries the flags "Review later" as distinct question numbers, ascending', () => {
  const attempt = examAttempt({ flags: [3, 1] })
  expect(buildAttemptReport(attempt, 'in_progress', examStart, true, null).flags).toEqual([1, 3])
})

it('reports the answers by question number and original letter, whatever order the student saw', () => {
  const attempt = examAttempt({ answers: { '2': 'C' } })
  const report = buildAttemptReport(attempt, 'in_progress', examStart, true, null)
  expect(report.answers).toEqual(buildSubmission(attempt, examStart).answers)
  // A copy: an answer given after the report was made is not in it.
  attempt.answers['4'] = 'B'
  expect(report.answers).toEqual({ '2': 'C' })
})

it('stays under a kilobyte with every one of 50 questions answered and flagged', () => {
  const answers = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [String(i + 1), 'D' as const]))
  const flags = Array.from({ length: 50 }, (_, i) => i + 1)
  const report = buildAttemptReport(examAttempt({ answers, flags }), 'submitted_on_device', examStart, true, true)
  expect(report.answers).toEqual(answers)
  expect(report.flags).toEqual(flags)
  expect(JSON.stringify(report).length).toBeLessThan(1024)
})

it("carries the browser's answer to the request for persistent storage", () => {
  const attempt = examAttempt()
  expect(buildAttemptReport(attempt, 'in_progress', examStart, true, false).storage_persistent).toBe(false)
  expect(buildAttemptReport(attempt, 'submitted_on_device', examStart, true, true).storage_persistent).toBe(true)
})
