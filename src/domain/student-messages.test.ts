import { expect, it } from 'vitest'
import { scheduleStatusMessage, submissionRejectionMessage, timeAddedMessage } from './student-messages'

it.each([
  [{ reason: 'code_used' } as const, 'This login code has already been used for submission.'],
  [{ reason: 'invalid_code' } as const, 'This login code has already been used or is invalid.'],
  [{ reason: 'exam_over' } as const, 'Exam period has ended. Cannot submit test.'],
  [
    { reason: 'not_started' } as const,
    'The server has no record of this login code starting the exam, so it cannot accept this submission. Please contact your exam administrator.',
  ],
  [
    { reason: 'access_denied' } as const,
    'Database access error. Please refresh the page and try again, or contact administrator.',
  ],
  [
    { reason: 'failed', detail: 'answers must map question numbers' } as const,
    'Failed to submit test: answers must map question numbers. Please try again.',
  ],
])('a refusal for %j reads %j', (rejection, message) => expect(submissionRejectionMessage(rejection)).toBe(message))

it('words the three schedule states', () => {
  const window = { start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T11:00:00.000Z' }
  const named = (iso: string) => `<${iso}>`
  expect(scheduleStatusMessage('upcoming', window, named)).toBe('Exam will start on <2026-11-23T09:00:00.000Z>')
  expect(scheduleStatusMessage('active', window, named)).toBe('Exam is active until <2026-11-23T11:00:00.000Z>')
  expect(scheduleStatusMessage('ended', window, named)).toBe('Exam ended on <2026-11-23T11:00:00.000Z>')
})

it('says how many minutes the proctor added', () => {
  expect(timeAddedMessage(10)).toBe('Your proctor added 10 minutes.')
  expect(timeAddedMessage(1)).toBe('Your proctor added 1 minute.')
})
