import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeTableChanges, type FakeChannel } from '../../../../tests/unit/fake-table-changes'
import { listLiveAttempts, type LiveAttempt } from '../../../lib/admin-attempts'
import { answerFileRecoveryMessages, recoverSubmissionFromFile } from '../../../lib/answer-file-recovery'
import { watchTableChanges } from '../../../lib/table-changes'
import { ProctorRoomPage } from './proctor-room-page'

vi.mock('../../../lib/admin-attempts', () => ({ listLiveAttempts: vi.fn() }))
vi.mock('../../../lib/answer-file-recovery', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/answer-file-recovery')>()),
  recoverSubmissionFromFile: vi.fn(),
}))
vi.mock('../../../lib/table-changes', () => ({ watchTableChanges: vi.fn() }))
vi.mock('../../../lib/supabase', () => ({ getSupabase: vi.fn() }))

const now = new Date('2026-11-23T10:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString()
let serial = 0

function attempt(name: string, changes: Partial<LiveAttempt> = {}): LiveAttempt {
  serial++
  return {
    id: `attempt-${serial}`,
    login_code: `CODE${String(serial).padStart(4, '0')}`,
    student_name: name,
    started_at: ago(10 * 60_000),
    deadline: inMs(20 * 60_000),
    question_count: 50,
    answered_count: 10,
    tab_switches: 0,
    client_online: true,
    state: 'in_progress',
    reported_at: ago(5_000),
    last_seen: ago(5_000),
    extra_minutes: 0,
    recovered_from_file: false,
    arrived_late: false,
    ...changes,
  }
}

let attempts: LiveAttempt[]
let channels: FakeChannel[]

beforeEach(() => {
  vi.useFakeTimers({ now })
  serial = 0
  attempts = []
  vi.mocked(listLiveAttempts).mockReset()
  vi.mocked(listLiveAttempts).mockImplementation(async () => ({ ok: true, data: attempts }))
  vi.mocked(recoverSubmissionFromFile).mockReset()
  channels = fakeTableChanges(watchTableChanges)
})

afterEach(() => {
  vi.useRealTimers()
})

/** Lets pending loads answer and the page re-render, moving the fake clock by `ms`. */
const elapse = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms))

async function renderPage() {
  render(
    <MemoryRouter>
      <ProctorRoomPage />
    </MemoryRouter>,
  )
  await elapse()
}

/** Each row's cells as text: status, student, code, progress, time left, tab switches, last seen. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Exam attempts, problems first' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent))

const statValues = () =>
  within(screen.getByRole('list', { name: 'Attempt statistics' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('ProctorRoomPage', () => {
  it('shows one row per attempt, problems first, and follows attempts, submissions and codes live', async () => {
    attempts = [
      attempt('Ada Lovelace', { answered_count: 50, state: 'received', tab_switches: 6, recovered_from_file: true, arrived_late: true }),
      attempt('Alan Turing', { answered_count: 12, tab_switches: 3, extra_minutes: 15, deadline: inMs(35 * 60_000) }),
      attempt('Grace Hopper', { answered_count: 50, state: 'submitted_on_device', last_seen: ago(3 * 60_000) }),
      attempt('Edsger Dijkstra', { answered_count: 7, last_seen: ago(150_000), deadline: inMs(90_500) }),
      attempt('', { student_name: null }),
    ]
    await renderPage()

    expect(rows()).toEqual([
      ['Offline', 'Edsger Dijkstra', 'CODE0004', '7 / 50', '1:30', '0', '2 min ago'],
      ['Submitted on device, not yet received', 'Grace Hopper', 'CODE0003', '50 / 50', '—', '0', '3 min ago'],
      ['On track', 'Name not given', 'CODE0005', '10 / 50', '20:00', '0', '5 s ago'],
      ['On track', 'Alan Turing', 'CODE0002', '12 / 50', '35:00+15 min extra time', '3', '5 s ago'],
      ['ReceivedRecovered from fileArrived late', 'Ada Lovelace', 'CODE0001', '50 / 50', '—', '6', '5 s ago'],
    ])
    const switches = [...document.querySelectorAll('.tab-switches')].map((badge) => badge.className.split('--')[1])
    expect(switches).toEqual(['green', 'green', 'green', 'yellow', 'red'])
    expect(statValues()).toEqual(['Offline1', 'Not yet received1', 'On track2', 'Received1'])
    expect(channels.map((channel) => channel.tables)).toEqual([['exam_attempts', 'submissions', 'login_codes']])

    attempts = [attempt('Katherine Johnson', { last_seen: ago(0) }), ...attempts]
    act(() => channels[0]?.listener.onStatus('SUBSCRIBED'))
    await elapse()
    expect(rows().map((row) => row[1])).toContain('Katherine Johnson')
    expect(screen.getByRole('status', { name: 'Live updates' }).textContent).toBe('Live')
  })

  it('counts down every second and turns a silent device offline with nothing new from the server', async () => {
    attempts = [attempt('Silent Student', { last_seen: ago(55_000), deadline: inMs(65_000) })]
    await renderPage()
    expect(rows()[0]).toEqual(['On track', 'Silent Student', 'CODE0001', '10 / 50', '1:05', '0', '55 s ago'])

    await elapse(1000)
    expect(rows()[0]?.slice(4)).toEqual(['1:04', '0', '56 s ago'])
    expect(rows()[0]?.[0]).toBe('On track')

    await elapse(5000)
    expect(rows()[0]).toEqual(['Offline', 'Silent Student', 'CODE0001', '10 / 50', '0:59', '0', '1 min ago'])
    expect(statValues()).toEqual(['Offline1', 'Not yet received0', 'On track0', 'Received0'])
    expect(listLiveAttempts).toHaveBeenCalledTimes(1)
  })

  it('says when no exam has started', async () => {
    await renderPage()

    expect(screen.getByText('No exams started in the last 24 hours')).toBeDefined()
  })

  it('shows a failed load in the red banner', async () => {
    vi.mocked(listLiveAttempts).mockResolvedValue({ ok: false, error: 'Failed to load exam attempts' })
    await renderPage()

    expect(screen.getByRole('alert').textContent).toBe('Failed to load exam attempts')
  })

  it('uploads each chosen answer file, says what became of each, and reloads after an accepted one', async () => {
    vi.mocked(recoverSubmissionFromFile).mockImplementation(async (_client, text) =>
      text.includes('good')
        ? { ok: true, data: answerFileRecoveryMessages.accepted }
        : { ok: false, error: answerFileRecoveryMessages.bad_tag },
    )
    await renderPage()
    const input = screen.getByLabelText('Answer files (.json)') as HTMLInputElement
    expect(input.type).toBe('file')
    expect(input.accept).toBe('.json,application/json')
    expect(input.multiple).toBe(true)

    fireEvent.change(input, {
      target: {
        files: [
          new File(['{"tag": "good"}'], 'holdfast-answers-AAAAAAAA.json', { type: 'application/json' }),
          new File(['{"tag": "edited"}'], 'holdfast-answers-BBBBBBBB.json', { type: 'application/json' }),
        ],
      },
    })
    await elapse()

    const outcomes = within(screen.getByRole('list', { name: 'Uploaded answer files' }))
      .getAllByRole('listitem')
      .map((item) => [item.textContent, item.className])
    expect(outcomes).toEqual([
      [`holdfast-answers-BBBBBBBB.json: ${answerFileRecoveryMessages.bad_tag}`, 'admin-banner admin-banner--error'],
      [`holdfast-answers-AAAAAAAA.json: ${answerFileRecoveryMessages.accepted}`, 'admin-banner admin-banner--success'],
    ])
    expect(vi.mocked(recoverSubmissionFromFile).mock.calls.map(([, text]) => text)).toEqual([
      '{"tag": "good"}',
      '{"tag": "edited"}',
    ])
    expect(listLiveAttempts).toHaveBeenCalledTimes(2)
  })

  it('refuses a file far too large to be an answer file without sending it', async () => {
    await renderPage()

    fireEvent.change(screen.getByLabelText('Answer files (.json)'), {
      target: { files: [new File(['x'.repeat(1_000_001)], 'video.json')] },
    })
    await elapse()

    expect(screen.getByRole('list', { name: 'Uploaded answer files' }).textContent).toBe(
      `video.json: ${answerFileRecoveryMessages.malformed}`,
    )
    expect(recoverSubmissionFromFile).not.toHaveBeenCalled()
  })
})
