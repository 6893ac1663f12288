import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { fromCallback, fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import { studentFlowMachine, type ResumePoint } from '../../machines/student-flow.machine'
import type { SubmissionStatus } from '../../src/domain/exam-submission'
import { ExamPage } from '../../src/features/student/exam-page'
import { StudentFlow } from '../../src/features/student/student-flow-context'
import { examQuestions, examStart, finishedAttempt } from './exam-fixtures'

function renderCompletion(status: SubmissionStatus) {
  const log = { retries: 0, forgotten: 0 }
  const watcher: { send?: (status: SubmissionStatus) => void } = {}
  const machine = studentFlowMachine.provide({
    actors: {
      resume: fromPromise<ResumePoint>(async () => ({ kind: 'attempt', attempt: finishedAttempt({ status: 'submitted' }) })),
      watchSubmission: fromCallback(({ sendBack, receive }) => {
        watcher.send = (next) => sendBack({ type: 'SUBMISSION_UPDATED', status: next })
        watcher.send(status)
        receive(() => log.retries++)
      }),
    },
    actions: { forgetSession: () => log.forgotten++, persistSession: () => {} },
  })
  render(
    <MemoryRouter>
      <StudentFlow.Provider logic={machine} options={{ input: { now: () => examStart } }}>
        <ExamPage />
      </StudentFlow.Provider>
    </MemoryRouter>,
  )
  return { log, watcher }
}

const receipt = {
  submissionId: 'id',
  score: 42,
  total: 50,
  receivedAt: '2026-11-23T09:30:00Z',
  answersFingerprint: 'a1b2c3d4e5f6',
}

describe('completion screen', () => {
  it('says plainly that the answers wait on this device, and updates itself once they are sent', async () => {
    const { watcher } = renderCompletion({ state: 'pending', fingerprint: 'a1b2c3d4e5f6', sendCount: 2 })
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })).toBeDefined()
    expect(screen.getByText('Your answers are saved on this device and waiting to be sent.')).toBeDefined()
    expect(screen.getByText('a1b2c3d4e5f6')).toBeDefined()
    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'a1b2c3d4e5f6', receipt }))
    expect(await screen.findByText('Your answers have been received.')).toBeDefined()
    expect(screen.getByText('Score: 42 / 50 (84%)')).toBeDefined()
    expect(screen.queryByText(/waiting to be sent/)).toBeNull()
  })

  it('scores an auto-submit with few answers out of all the exam questions, not out of the answered ones', async () => {
    const { watcher } = renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 0 })
    await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })
    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'f', receipt: { ...receipt, score: 1, total: 1 } }))
    expect(
      await screen.findByText(`Score: 1 / ${examQuestions.length} (${Math.round(100 / examQuestions.length)}%)`),
    ).toBeDefined()
  })

  it('shows the refusal in the spec words and keeps the answers, without a pointless retry', async () => {
    renderCompletion({ state: 'rejected', fingerprint: 'a1b2c3d4e5f6', rejection: { reason: 'code_used' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission Not Accepted' })).toBeDefined()
    expect(screen.getByRole('alert').textContent).toBe('This login code has already been used for submission.')
    expect(screen.getByText('Your answers are kept on this device.')).toBeDefined()
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull()
  })

  it('offers to send again after a failure the server explained', async () => {
    const { log } = renderCompletion({
      state: 'rejected',
      fingerprint: 'f',
      rejection: { reason: 'failed', detail: 'maintenance' },
    })
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to submit test: maintenance. Please try again.')
    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(log.retries).toBe(1)
  })

  it('links home and to the results, and starts over without the session on Take Another Test', async () => {
    const { log } = renderCompletion({ state: 'accepted', fingerprint: 'f', receipt })
    expect((await screen.findByRole('link', { name: 'Return to Home' })).getAttribute('href')).toBe('/')
    expect(screen.getByRole('link', { name: 'View My Results' }).getAttribute('href')).toBe('/solutions')
    fireEvent.click(screen.getByRole('button', { name: 'Take Another Test' }))
    expect(log.forgotten).toBe(1)
  })
})
