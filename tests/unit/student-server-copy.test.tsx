import { act, fireEvent, screen, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import type { ExamAttempt } from '../../src/domain/exam-attempt'
import type { ServerCopy } from '../../src/domain/server-copy'
import { ExamPage } from '../../src/features/student/exam-page'
import { StudentLoginPage } from '../../src/features/student/student-login-page'
import { formatClockTimeWithSeconds } from '../../src/lib/browser/interface-locale'
import { examAttempt } from './exam-fixtures'
import { renderStudentFlow, type StudentFlowFakes } from './student-flow-fakes'

/** The login and exam pages on one flow, its exam session faked; `server` answers as the server-copy watch would. */
function renderStudent(fakes: StudentFlowFakes = {}) {
  return renderStudentFlow(
    <>
      <StudentLoginPage />
      <ExamPage />
    </>,
    fakes,
  )
}

/** The exam on `attempt`, on screen, its deadline half an hour from now (the session runs on the real clock). */
async function examOn(attempt: ExamAttempt) {
  const running = { ...attempt, startedAt: Date.now(), deadline: Date.now() + 30 * 60_000 }
  const session = renderStudent({ resume: { kind: 'attempt', attempt: running } })
  await screen.findByRole('heading', { name: /^Question \d of 3$/ })
  return session
}

const copyOf = (answers: ServerCopy['answers'], agoMs: number): ServerCopy => ({
  answers,
  flags: [],
  reportedAt: new Date(Date.now() - agoMs).toISOString(),
  receivedAt: Date.now() - agoMs,
})

const navigatorNames = () =>
  within(screen.getByRole('navigation', { name: 'Questions' }))
    .getAllByRole('button', { name: /^Question / })
    .map((button) => button.getAttribute('aria-label'))

describe('the exam screen and the server’s copy', () => {
  it('names each jump button by its state and says in the status line what only this device holds', async () => {
    const { server } = await examOn(examAttempt({ answers: { '1': 'A', '2': 'B' }, flags: [3] }))
    expect(screen.getByText('Server copy: 2 answers saved on this device only; nothing received yet')).toBeTruthy()
    act(() => server.copy?.(copyOf({ '1': 'A' }, 45_000)))
    expect(navigatorNames()).toEqual([
      'Question 1: answered, received by the server',
      'Question 2: answered, saved on this device only',
      'Question 3: not answered, flagged for review',
    ])
    expect(screen.getByText('Server copy: 1 answer saved on this device only; everything received 45 seconds ago')).toBeTruthy()
    act(() => server.copy?.(copyOf({ '1': 'A', '2': 'B' }, 0)))
    expect(screen.getByText('Server copy: everything received just now').getAttribute('role')).toBe('status')
    // Shown in words too, not by colour alone.
    expect(screen.getByRole('button', { name: /^Question 2:/ }).textContent).toContain('server')
    expect(screen.getByRole('button', { name: /^Question 3:/ }).textContent).toContain('review')
  })

  it('flags the question on screen with "Review later", pressed until pressed again', async () => {
    await examOn(examAttempt())
    const toggle = screen.getByRole('button', { name: 'Review later' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    fireEvent.click(toggle)
    expect(screen.getByRole('button', { name: 'Review later' }).getAttribute('aria-pressed')).toBe('true')
    expect(navigatorNames()[0]).toBe('Question 1: not answered, flagged for review')
    fireEvent.click(screen.getByRole('button', { name: 'Review later' }))
    expect(navigatorNames()[0]).toBe('Question 1: not answered')
  })
})

describe('Review before submitting', () => {
  it('lists every question from "Review all answers", refuses "Submit now" until all are answered, and goes back to a question', async () => {
    await examOn(examAttempt({ answers: { '1': 'A' }, flags: [2] }))
    fireEvent.click(screen.getByRole('button', { name: 'Review all answers' }))
    const summary = screen.getByRole('dialog', { name: 'Review before submitting' })
    const rows = within(summary)
      .getAllByRole('listitem')
      .map((row) => row.textContent)
    expect(rows).toEqual([
      'Question 1✓ AnsweredSaved on this device only',
      'Question 2○ Not answered⚑ Flagged for review',
      'Question 3○ Not answered',
    ])
    expect((within(summary).getByRole('button', { name: 'Submit now' }) as HTMLButtonElement).disabled).toBe(true)
    expect(within(summary).getByText('Please answer all questions before submitting.')).toBeTruthy()
    fireEvent.click(within(summary).getByRole('button', { name: 'Question 3' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByRole('heading', { name: 'Question 3 of 3' })).toBeTruthy()
  })

  it('opens from Submit Test once every question is answered; "Back to the exam" closes it', async () => {
    await examOn(examAttempt({ answers: { '1': 'A', '2': 'B', '3': 'C' }, currentIndex: 2 }))
    fireEvent.click(screen.getByRole('button', { name: 'Submit Test' }))
    const summary = screen.getByRole('dialog', { name: 'Review before submitting' })
    expect(document.activeElement).toBe(within(summary).getByRole('heading', { name: 'Review before submitting' }))
    expect((within(summary).getByRole('button', { name: 'Submit now' }) as HTMLButtonElement).disabled).toBe(false)
    within(summary).getByRole('button', { name: 'Back to the exam' }).focus()
    fireEvent.click(within(summary).getByRole('button', { name: 'Back to the exam' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    // The button went with the summary: the keyboard goes on from the question's heading.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Question 3 of 3' }))
  })
})

describe('moving to another device', () => {
  it('asks for the resume PIN for a code in progress elsewhere, and says so for a wrong one', async () => {
    renderStudent({ lookup: { outcome: 'in_progress_elsewhere', exam: null } })
    fireEvent.change(await screen.findByLabelText('Login Code'), { target: { value: 'ABCD1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('This exam is in progress on another device.')).toBeTruthy()
    expect(screen.getByText('Ask your proctor for a resume PIN.')).toBeTruthy()
    fireEvent.change(screen.getByLabelText('Resume PIN'), { target: { value: '000000' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resume on this device' }))
    const refusal = await screen.findByRole('alert')
    expect(refusal.textContent).toBe('That resume PIN is not valid. Ask your proctor for a new one.')
    expect(screen.getByLabelText('Resume PIN').getAttribute('aria-describedby')).toBe(refusal.id)
  })

  it('says how many answers came back once resumed', async () => {
    const attempt = examAttempt({ answers: { '1': 'A', '2': 'B' } })
    const savedAt = Date.parse('2026-11-23T09:10:30.000Z')
    renderStudent({
      lookup: { outcome: 'in_progress_elsewhere', exam: null },
      resumeAttempt: async () => ({ outcome: 'resumed', attempt, resumedFrom: { answers: 2, savedAt } }),
    })
    fireEvent.change(await screen.findByLabelText('Login Code'), { target: { value: 'ABCD1234' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    fireEvent.change(await screen.findByLabelText('Resume PIN'), { target: { value: '482913' } })
    fireEvent.click(screen.getByRole('button', { name: 'Resume on this device' }))
    const time = formatClockTimeWithSeconds(savedAt)
    expect(await screen.findByText(`Resumed on this device: 2 answers restored (last saved at ${time}).`)).toBeTruthy()
  })

  it('says on the old device that the exam continues on another one, and still offers the answer file', async () => {
    const { server } = await examOn(examAttempt({ answers: { '1': 'A' } }))
    act(() => server.moved?.())
    expect(screen.getByText('This exam continues on another device.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Download answer file' })).toBeTruthy()
    expect(screen.queryByRole('radio')).toBeNull()
  })
})
