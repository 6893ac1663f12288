import { act, fireEvent, screen, within } from '@testing-library/react'
import { expect, it } from 'vitest'
import { ExamPage } from '../../src/features/student/exam-page'
import { formatClockTime } from '../../src/lib/browser/interface-locale'
import { examAttempt } from './exam-fixtures'
import { renderStudentFlow } from './student-flow-fakes'

// The exam shell's bar, alerts and notices on the real exam session and timer (real time: each alert is a
// second away), the device's I/O faked.

function renderExam(deadlineInMs: number, closesEarly = false) {
  const attempt = examAttempt({ deadline: Date.now() + deadlineInMs, closesEarly })
  const session = renderStudentFlow(<ExamPage />, { resume: { kind: 'attempt', attempt } })
  return { attempt, session }
}

const alertRegion = () => document.querySelector('.exam__time-alert[role="alert"]') as HTMLElement

it('shows the progress in the bar and counts each answer', async () => {
  renderExam(30 * 60_000)
  await screen.findByText('0 of 3 answered')
  fireEvent.click(screen.getAllByRole('radio')[0]!)
  await screen.findByText('1 of 3 answered')
})

it('alerts at 5 minutes left, takes the line away when time is added, and alerts again at 1 minute', async () => {
  const { session } = renderExam(5 * 60_000 + 900)
  await screen.findByRole('heading', { name: 'Question 1 of 3' })
  // The region is there before any alert, so a screen reader announces the line as it appears.
  expect(alertRegion().textContent).toBe('')
  await within(alertRegion()).findByText('5 minutes left.', {}, { timeout: 3000 })

  act(() => session.deadlines.change?.(Date.now() + 20 * 60_000))
  await screen.findByText('Your proctor added 15 minutes.')
  expect(alertRegion().textContent).toBe('')

  act(() => session.deadlines.change?.(Date.now() + 60_900))
  await within(alertRegion()).findByText('1 minute left.', {}, { timeout: 3000 })
  expect(alertRegion().textContent).toBe('1 minute left.')
})

it('gives no 5-minute alert to an exam that opens with less than 5 minutes left', async () => {
  renderExam(4 * 60_000)
  // The timer has ticked past its first second, below 5 minutes all along.
  await screen.findByText('3:59', {}, { timeout: 3000 })
  expect(alertRegion().textContent).toBe('')
})

it('tells when the window’s end cuts the exam short, and not otherwise', async () => {
  const { attempt } = renderExam(11 * 60_000 + 59_000, true)
  const notice = await screen.findByText(/^This exam closes at /)
  expect(notice.textContent).toMatch(
    new RegExp(`^This exam closes at ${formatClockTime(attempt.deadline)}: you have 11 minutes 5[89] seconds$`),
  )
})

it('says nothing of the window for an exam with its whole duration', async () => {
  renderExam(30 * 60_000)
  await screen.findByRole('heading', { name: 'Question 1 of 3' })
  expect(screen.queryByText(/^This exam closes at /)).toBeNull()
})
