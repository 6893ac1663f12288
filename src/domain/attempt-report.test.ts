import { expect, it } from 'vitest'
import { examAttempt, examStart } from '../../tests/unit/exam-fixtures'
import { buildAttemptReport } from './attempt-report'

it('reports the progress of an attempt on the server clock, without its answers', () => {
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
  })
})

it("carries the browser's answer to the request for persistent storage", () => {
  const attempt = examAttempt()
  expect(buildAttemptReport(attempt, 'in_progress', examStart, true, false).storage_persistent).toBe(false)
  expect(buildAttemptReport(attempt, 'submitted_on_device', examStart, true, true).storage_persistent).toBe(true)
})
