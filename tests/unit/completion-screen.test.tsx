import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { fromCallback, fromPromise } from 'xstate'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { studentFlowMachine, type ResumePoint } from '../../machines/student-flow.machine'
import { buildAnswerFile } from '../../src/domain/answer-file'
import type { SubmissionStatus } from '../../src/domain/exam-submission'
import { ExamPage } from '../../src/features/student/exam-page'
import { StudentFlow } from '../../src/features/student/student-flow-context'
import { saveNewAttempt } from '../../src/lib/offline/attempt-store'
import { examDb } from '../../src/lib/offline/exam-db'
import { queueSubmission } from '../../src/lib/offline/outbox'
import { clearExamDb, examAnswerFileKey, examStart, finishedAttempt } from './exam-fixtures'

function renderCompletion(
  status: SubmissionStatus,
  attempt = finishedAttempt({ status: 'submitted' }),
  now: () => number = () => examStart,
) {
  const log = { retries: 0, forgotten: 0 }
  const watcher: { send?: (status: SubmissionStatus) => void } = {}
  const machine = studentFlowMachine.provide({
    actors: {
      resume: fromPromise<ResumePoint>(async () => ({ kind: 'attempt', attempt })),
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
      <StudentFlow.Provider logic={machine} options={{ input: { now } }}>
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
    const { watcher } = renderCompletion({
      state: 'pending',
      fingerprint: 'a1b2c3d4e5f6',
      sendCount: 2,
      lastFailure: { kind: 'network' },
    })
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })).toBeDefined()
    expect(screen.getByText('Your answers are saved on this device and waiting to be sent.')).toBeDefined()
    expect(screen.getByText('a1b2c3d4e5f6')).toBeDefined()
    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'a1b2c3d4e5f6', receipt }))
    expect(await screen.findByText('Your answers have been received.')).toBeDefined()
    expect(screen.getByText('Score: 42 / 50 (84%)')).toBeDefined()
    expect(screen.queryByText(/waiting to be sent/)).toBeNull()
  })

  it('gives the reason for a send that got no answer, beside the answers waiting on this device', async () => {
    renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 1, lastFailure: { kind: 'network' } })
    await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })
    const status = screen.getByRole('status')
    expect(within(status).getByText('Failed to submit test. Please check your connection and try again.')).toBeDefined()
    expect(within(status).getByText('Your answers are saved on this device and waiting to be sent.')).toBeDefined()
  })

  it('gives the server reason for a send the server answered with an error, and changes it with the next failure', async () => {
    const { watcher } = renderCompletion({
      state: 'pending',
      fingerprint: 'f',
      sendCount: 1,
      lastFailure: { kind: 'server', reason: 'too many attempts from this network' },
    })
    await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })
    const status = screen.getByRole('status')
    expect(
      within(status).getByText('Failed to submit test: too many attempts from this network. Please try again.'),
    ).toBeDefined()
    expect(within(status).getByText('Your answers are saved on this device and waiting to be sent.')).toBeDefined()
    expect(screen.queryByText(/Please check your connection/)).toBeNull()
    act(() => watcher.send?.({ state: 'pending', fingerprint: 'f', sendCount: 2, lastFailure: { kind: 'network' } }))
    expect(await screen.findByText('Failed to submit test. Please check your connection and try again.')).toBeDefined()
    expect(screen.queryByText(/too many attempts/)).toBeNull()
  })

  it('gives no failure reason before a send has failed', async () => {
    renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 0, lastFailure: null })
    await screen.findByText('Your answers are saved on this device and waiting to be sent.')
    expect(screen.queryByText(/Failed to submit test/)).toBeNull()
  })

  it('scores out of the questions the server says the exam served, as the solutions page and the admin do', async () => {
    // Time ran out with 20 right of 25 answered in a full exam: 40 %, not 80 %.
    const { watcher } = renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 0, lastFailure: null })
    await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })
    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'f', receipt: { ...receipt, score: 20, total: 50 } }))
    expect(await screen.findByText('Score: 20 / 50 (40%)')).toBeDefined()
  })

  it('shows the refusal in plain words and keeps the answers, without a pointless retry', async () => {
    renderCompletion({ state: 'rejected', fingerprint: 'a1b2c3d4e5f6', rejection: { reason: 'code_used' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission Not Accepted' })).toBeDefined()
    expect(screen.getByRole('alert').textContent).toBe('This login code has already been used for submission.')
    expect(screen.getByText('Your answers are kept on this device.')).toBeDefined()
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull()
  })

  it('says plainly that the server has no record of the start, keeps the answers and offers no retry', async () => {
    renderCompletion({ state: 'rejected', fingerprint: 'a1b2c3d4e5f6', rejection: { reason: 'not_started' } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Submission Not Accepted' })).toBeDefined()
    expect(screen.getByRole('alert').textContent).toBe(
      'The server has no record of this login code starting the exam, so it cannot accept this submission. Please contact your exam administrator.',
    )
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

describe('the emergency answer file', () => {
  beforeEach(clearExamDb)
  afterEach(() => vi.restoreAllMocks())

  const pending: SubmissionStatus = { state: 'pending', fingerprint: 'f', sendCount: 3, lastFailure: { kind: 'network' } }
  const download = { name: 'Download answer file' }

  /** A submitted attempt whose submission waits in the outbox. */
  async function waitingAttempt(fields: Parameters<typeof finishedAttempt>[0] = {}) {
    const attempt = finishedAttempt({ status: 'submitted', ...fields })
    await saveNewAttempt(attempt)
    await queueSubmission(attempt, examStart)
    return attempt
  }

  /** Catches the download the page starts: the file name and the text of the file. */
  function catchDownloads() {
    const files: Array<{ name: string; text: Promise<string> }> = []
    let blob: Blob | undefined
    URL.createObjectURL = vi.fn((object: Blob) => {
      blob = object
      return 'blob:answer-file'
    })
    URL.revokeObjectURL = vi.fn()
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      if (blob) files.push({ name: this.download, text: blob.text() })
    })
    return files
  }

  it('is offered once the submission has waited 2 minutes past the deadline, not before', async () => {
    const attempt = await waitingAttempt()
    let clock = attempt.deadline + 119_999
    renderCompletion(pending, attempt, () => clock)
    await screen.findByText('Your answers are saved on this device and waiting to be sent.')
    expect(screen.queryByRole('button', download)).toBeNull()
    // The screen checks again when its timer says the moment has come.
    clock += 1
    expect(await screen.findByRole('button', download)).toBeDefined()
  })

  it('downloads the outbox entry as holdfast-answers-<CODE>.json, tagged with the attempt key', async () => {
    const files = catchDownloads()
    const attempt = await waitingAttempt()
    renderCompletion(pending, attempt, () => attempt.deadline + 120_000)
    fireEvent.click(await screen.findByRole('button', download))
    await vi.waitFor(() => expect(files).toHaveLength(1))
    const [file] = files as [(typeof files)[number]]
    expect(file.name).toBe('holdfast-answers-ABCD1234.json')
    const entry = await examDb.outbox.get(attempt.id)
    expect(JSON.parse(await file.text)).toEqual(buildAnswerFile(entry!.submission, examAnswerFileKey))
  })

  it.each([
    ['once the answers are received', { state: 'accepted', fingerprint: 'f', receipt } as const, {}],
    ['for an attempt stored before the server sent keys', pending, { answerFileKey: null }],
  ])('is not offered %s', async (_name, status, fields) => {
    const attempt = await waitingAttempt(fields)
    renderCompletion(status, attempt, () => attempt.deadline + 3_600_000)
    await screen.findByRole('heading', { level: 1, name: 'Test Completed!' })
    expect(screen.queryByRole('button', download)).toBeNull()
  })

  it('says so when the file cannot be made, and keeps the answers', async () => {
    const attempt = finishedAttempt({ status: 'submitted' })
    renderCompletion(pending, attempt, () => attempt.deadline + 120_000)
    fireEvent.click(await screen.findByRole('button', download))
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The answer file could not be made: this exam was started before answer files existed. Your answers are still kept on this device.',
    )
  })
})
