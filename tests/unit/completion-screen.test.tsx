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

/** The completion screen of a submitted attempt whose outbox entry reports `status` (null: has not answered yet). */
function renderCompletion(
  status: SubmissionStatus | null,
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
        if (status) watcher.send(status)
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

const pendingHeading = { level: 1, name: 'Saved on this device, not sent yet' } as const
const acceptedHeading = { level: 1, name: 'Test Completed!' } as const
const rejectedHeading = { level: 1, name: 'Submission Not Accepted' } as const
const keepPageOpen = 'Keep this page open: your answers are sent by themselves when the connection returns.'

/** The screen's own actions (the answer file's download aside), primary or not, in the order they are shown. */
function actions(): Array<{ name: string; primary: boolean }> {
  return [...document.querySelectorAll('.completion__primary .button, .completion__actions .button')].map((action) => ({
    name: action.textContent ?? '',
    primary: action.classList.contains('button--primary'),
  }))
}

describe('completion screen', () => {
  it('says plainly that the answers wait on this device, then shows only the receipt once they are sent', async () => {
    const { watcher } = renderCompletion({
      state: 'pending',
      fingerprint: 'a1b2c3d4e5f6',
      sendCount: 2,
      lastFailure: { kind: 'network' },
    })
    expect(await screen.findByRole('heading', pendingHeading)).toBeDefined()
    expect(within(screen.getByRole('status')).getByText(keepPageOpen)).toBeDefined()
    expect(screen.getByText('Answer receipt:').textContent).toBe('Answer receipt: a1b2c3d4e5f6')

    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'a1b2c3d4e5f6', receipt }))

    expect(await screen.findByRole('heading', acceptedHeading)).toBeDefined()
    const status = screen.getByRole('status')
    expect([...status.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Received by the server',
      'Your answers have been received.',
      'Score: 42 / 50 (84%)',
    ])
    // One state at a time: nothing of the waiting one is left.
    expect(screen.queryByRole('heading', pendingHeading)).toBeNull()
    expect(screen.queryByText(keepPageOpen)).toBeNull()
    expect(screen.queryByText(/Failed to submit test/)).toBeNull()
  })

  it('explains the answer receipt', async () => {
    renderCompletion({ state: 'accepted', fingerprint: 'f', receipt })
    const code = await screen.findByText('a1b2c3d4e5f6')
    const receiptBlock = code.closest('.completion__receipt') as HTMLElement
    expect([...receiptBlock.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      'Answer receipt: a1b2c3d4e5f6',
      'This code is a fingerprint of your answers. Keep it: if your result is ever questioned, it shows which answers the server received.',
    ])
  })

  it('gives the reason for a send that got no answer, beside the answers waiting on this device', async () => {
    renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 1, lastFailure: { kind: 'network' } })
    await screen.findByRole('heading', pendingHeading)
    const status = screen.getByRole('status')
    expect([...status.querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      keepPageOpen,
      'Failed to submit test. Please check your connection and try again.',
    ])
  })

  it('gives the server reason for a send the server answered with an error, and changes it with the next failure', async () => {
    const { watcher } = renderCompletion({
      state: 'pending',
      fingerprint: 'f',
      sendCount: 1,
      lastFailure: { kind: 'server', reason: 'too many attempts from this network' },
    })
    await screen.findByRole('heading', pendingHeading)
    const status = screen.getByRole('status')
    expect(
      within(status).getByText('Failed to submit test: too many attempts from this network. Please try again.'),
    ).toBeDefined()
    expect(within(status).getByText(keepPageOpen)).toBeDefined()
    expect(screen.queryByText(/Please check your connection/)).toBeNull()
    act(() => watcher.send?.({ state: 'pending', fingerprint: 'f', sendCount: 2, lastFailure: { kind: 'network' } }))
    expect(await screen.findByText('Failed to submit test. Please check your connection and try again.')).toBeDefined()
    expect(screen.queryByText(/too many attempts/)).toBeNull()
  })

  it('gives no failure reason before a send has failed', async () => {
    renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 0, lastFailure: null })
    await screen.findByText(keepPageOpen)
    expect(screen.queryByText(/Failed to submit test/)).toBeNull()
  })

  it('offers no primary action while the answers wait, and Take Another Test only as a secondary one', async () => {
    renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 1, lastFailure: { kind: 'network' } })
    await screen.findByRole('heading', pendingHeading)
    expect(actions()).toEqual([
      { name: 'Return to Home', primary: false },
      { name: 'Take Another Test', primary: false },
    ])
  })

  it('scores out of the questions the server says the exam served, as the solutions page and the admin do', async () => {
    // Time ran out with 20 right of 25 answered in a full exam: 40 %, not 80 %.
    const { watcher } = renderCompletion({ state: 'pending', fingerprint: 'f', sendCount: 0, lastFailure: null })
    await screen.findByRole('heading', pendingHeading)
    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'f', receipt: { ...receipt, score: 20, total: 50 } }))
    expect(await screen.findByText('Score: 20 / 50 (40%)')).toBeDefined()
  })

  it('makes View My Results the one primary action once received; home and the next test are secondary', async () => {
    const { log } = renderCompletion({ state: 'accepted', fingerprint: 'f', receipt })
    await screen.findByRole('heading', acceptedHeading)
    expect(actions()).toEqual([
      { name: 'View My Results', primary: true },
      { name: 'Return to Home', primary: false },
      { name: 'Take Another Test', primary: false },
    ])
    expect(screen.getByRole('link', { name: 'View My Results' }).getAttribute('href')).toBe('/solutions')
    expect(screen.getByRole('link', { name: 'Return to Home' }).getAttribute('href')).toBe('/')
    fireEvent.click(screen.getByRole('button', { name: 'Take Another Test' }))
    expect(log.forgotten).toBe(1)
  })

  it.each([
    ['code_used', 'This login code has already been used for submission.'],
    [
      'not_started',
      'The server has no record of this login code starting the exam, so it cannot accept this submission. Please contact your exam administrator.',
    ],
    ['exam_over', 'Exam period has ended. Cannot submit test.'],
    ['invalid_code', 'This login code has already been used or is invalid.'],
  ] as const)('says a %s refusal in plain words, keeps the answers and offers no pointless retry', async (reason, message) => {
    renderCompletion({ state: 'rejected', fingerprint: 'a1b2c3d4e5f6', rejection: { reason } })
    expect(await screen.findByRole('heading', rejectedHeading)).toBeDefined()
    expect([...screen.getByRole('status').querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      `Not accepted: ${message}`,
      'Trying again will not change this: show this screen to your proctor.',
    ])
    expect(screen.queryByRole('button', { name: 'Try Again' })).toBeNull()
    expect(actions().filter((action) => action.primary)).toEqual([])
  })

  it.each([
    [{ reason: 'failed', detail: 'maintenance' }, 'Failed to submit test: maintenance. Please try again.'],
    [{ reason: 'access_denied' }, 'Database access error. Please refresh the page and try again, or contact administrator.'],
  ] as const)('offers Try Again as the primary action after a refusal a retry can mend (%o)', async (rejection, message) => {
    const { log, watcher } = renderCompletion({ state: 'rejected', fingerprint: 'f', rejection })
    await screen.findByRole('heading', rejectedHeading)
    expect([...screen.getByRole('status').querySelectorAll('p')].map((line) => line.textContent)).toEqual([
      `Not accepted: ${message}`,
      'Select Try Again to send your answers once more. If they are still not accepted, show this screen to your proctor.',
    ])
    expect(actions()).toEqual([
      { name: 'Try Again', primary: true },
      { name: 'Return to Home', primary: false },
      { name: 'Take Another Test', primary: false },
    ])

    fireEvent.click(screen.getByRole('button', { name: 'Try Again' }))
    expect(log.retries).toBe(1)
    // The outbox takes it back in line, then the server's receipt arrives: the heading takes the focus the button had.
    act(() => watcher.send?.({ state: 'pending', fingerprint: 'f', sendCount: 1, lastFailure: null }))
    act(() => watcher.send?.({ state: 'accepted', fingerprint: 'f', receipt }))
    const heading = await screen.findByRole('heading', acceptedHeading)
    await vi.waitFor(() => expect(document.activeElement).toBe(heading))
  })

  it('claims no state before the device has said where the submission stands', async () => {
    const { watcher } = renderCompletion(null)
    expect(await screen.findByRole('heading', { level: 1, name: 'Checking your submission…' })).toBeDefined()
    expect(screen.queryByRole('status')).toBeNull()
    expect(screen.queryByText(/Answer receipt/)).toBeNull()
    act(() => watcher.send?.({ state: 'pending', fingerprint: 'f', sendCount: 0, lastFailure: null }))
    expect(await screen.findByRole('heading', pendingHeading)).toBeDefined()
  })

  it('opens at its top with the heading focused', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo')
    renderCompletion({ state: 'accepted', fingerprint: 'f', receipt })
    const heading = await screen.findByRole('heading', acceptedHeading)
    expect(scrollTo).toHaveBeenCalledWith(0, 0)
    await vi.waitFor(() => expect(document.activeElement).toBe(heading))
    scrollTo.mockRestore()
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
    await screen.findByRole('heading', pendingHeading)
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
    await screen.findByRole('status')
    expect(screen.queryByRole('button', download)).toBeNull()
  })

  it('is offered at once after a refusal, long before the deadline: the answers are stranded on this device', async () => {
    const attempt = await waitingAttempt()
    renderCompletion({ state: 'rejected', fingerprint: 'f', rejection: { reason: 'access_denied' } }, attempt, () => examStart)
    await screen.findByRole('heading', rejectedHeading)
    expect(await screen.findByRole('button', download)).toBeDefined()
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
