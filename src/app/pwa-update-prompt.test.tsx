import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { startAttempt, type ExamAttempt } from '../domain/exam-attempt'
import { saveNewAttempt } from '../lib/offline/attempt-store'
import { examDb } from '../lib/offline/exam-db'
import { queueSubmission } from '../lib/offline/outbox'
import { applyUpdate } from './pwa-registration'
import { PwaUpdatePrompt } from './pwa-update-prompt'

const serviceWorker = vi.hoisted(() => {
  const listeners = new Set<() => void>()
  return {
    waiting: false,
    listeners,
    announceUpdate() {
      this.waiting = true
      for (const listener of listeners) listener()
    },
  }
})

vi.mock('./pwa-registration', () => ({
  registerServiceWorker: vi.fn(),
  subscribeToUpdateWaiting: (listener: () => void) => {
    serviceWorker.listeners.add(listener)
    return () => serviceWorker.listeners.delete(listener)
  },
  isUpdateWaiting: () => serviceWorker.waiting,
  applyUpdate: vi.fn(),
}))

const updateButton = { name: 'Reload to update' }

async function startExam(): Promise<ExamAttempt> {
  const attempt = startAttempt({
    id: crypto.randomUUID(),
    loginCode: 'AB12CD34',
    studentName: 'Ada Lovelace',
    questions: [],
    startedAt: Date.now(),
    durationMinutes: 30,
    deadlineIso: new Date(Date.now() + 30 * 60_000).toISOString(),
    serverOffsetMs: 0,
    answerFileKey: '00'.repeat(32),
  })
  await saveNewAttempt(attempt)
  return attempt
}

/**
 * Lets the prompt's exam-progress query answer, so an absent prompt is absent for the right
 * reason: a query sent after it on the same database answers after it.
 */
async function settle() {
  await act(() => new Promise((resolve) => setTimeout(resolve, 0)))
  await act(() => examDb.attempts.count().catch(() => 0))
}

beforeEach(async () => {
  serviceWorker.waiting = false
  vi.mocked(applyUpdate).mockClear()
  await examDb.open()
  await Promise.all([examDb.attempts.clear(), examDb.outbox.clear()])
})

afterEach(async () => {
  await examDb.open()
})

describe('PwaUpdatePrompt', () => {
  it('stays hidden while no new version is waiting', async () => {
    render(<PwaUpdatePrompt />)
    await settle()

    expect(screen.queryByRole('button', updateButton)).toBeNull()
  })

  it('offers a waiting version and applies it on request', async () => {
    render(<PwaUpdatePrompt />)

    act(() => serviceWorker.announceUpdate())
    fireEvent.click(await screen.findByRole('button', updateButton))

    expect(applyUpdate).toHaveBeenCalledOnce()
  })

  it('waits until the exam in progress is submitted', async () => {
    const attempt = await startExam()
    render(<PwaUpdatePrompt />)

    act(() => serviceWorker.announceUpdate())
    await settle()
    expect(screen.queryByRole('button', updateButton)).toBeNull()

    await queueSubmission({ ...attempt, submittedAt: Date.now() }, Date.now())

    await waitFor(() => expect(screen.getByRole('button', updateButton)).toBeDefined())
  })

  it('stays hidden when it cannot tell whether an exam is in progress', async () => {
    examDb.close()
    render(<PwaUpdatePrompt />)

    act(() => serviceWorker.announceUpdate())
    await settle()

    expect(screen.queryByRole('button', updateButton)).toBeNull()
  })

  it('can be put off', async () => {
    render(<PwaUpdatePrompt />)
    act(() => serviceWorker.announceUpdate())

    fireEvent.click(await screen.findByRole('button', { name: 'Later' }))

    expect(screen.queryByRole('button', updateButton)).toBeNull()
    expect(applyUpdate).not.toHaveBeenCalled()
  })
})
