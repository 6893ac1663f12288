import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeTableChanges, type FakeChannel } from '../../../../tests/unit/fake-table-changes'
import { offlineAfterMs, submissionGraceMs, type AttemptStatus, type CountedAttemptStatus } from '../../../domain/attempt-status'
import {
  listLiveAttempts,
  loadAttemptCode,
  loadLiveAttemptCounts,
  noteAttempt,
  offerAttemptMove,
  type LiveAttempt,
} from '../../../lib/admin/admin-attempts'
import { lastPageIndex } from '../../../lib/admin/admin-reads'
import { answerFileRecoveryMessages, recoverSubmissionFromFile } from '../../../lib/admin/answer-file-recovery'
import { clearGuessingLimit, endAddressTrust, listGuessingLimits, type GuessingLimit } from '../../../lib/admin/guessing-limits'
import { listRoomTimeAdditions } from '../../../lib/admin/room-time'
import { watchTableChanges } from '../../../lib/admin/table-changes'
import { attemptsPerPage, ProctorRoomPage } from './proctor-room-page'

vi.mock('../../../lib/admin/admin-attempts', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/admin-attempts')>()),
  listLiveAttempts: vi.fn(),
  loadLiveAttemptCounts: vi.fn(),
  offerAttemptMove: vi.fn(),
  noteAttempt: vi.fn(),
  loadAttemptCode: vi.fn(),
}))
vi.mock('../../../lib/admin/answer-file-recovery', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/answer-file-recovery')>()),
  recoverSubmissionFromFile: vi.fn(),
}))
vi.mock('../../../lib/admin/table-changes', () => ({ watchTableChanges: vi.fn() }))
vi.mock('../../../lib/admin/room-time', () => ({
  listRoomTimeAdditions: vi.fn(),
  addTimeForEveryone: vi.fn(),
  countStudentsStillWriting: vi.fn(),
}))
vi.mock('../../../lib/admin/guessing-limits', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../../../lib/admin/guessing-limits')>()),
  listGuessingLimits: vi.fn(),
  clearGuessingLimit: vi.fn(),
  endAddressTrust: vi.fn(),
}))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

const now = new Date('2026-11-23T10:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
const inMs = (ms: number) => new Date(now.getTime() + ms).toISOString()
let serial = 0

/** An attempt as the server stores it (with its state); it gives the status when it is read. */
type StoredAttempt = Omit<LiveAttempt, 'status'> & {
  state: 'in_progress' | 'submitted_on_device' | 'received' | 'refused' | 'moved'
}

function attempt(name: string, changes: Partial<StoredAttempt> = {}): StoredAttempt {
  serial++
  return {
    id: `attempt-${serial}`,
    login_code: `CODE${String(serial).padStart(4, '0')}`,
    student_name: name,
    deadline: inMs(20 * 60_000),
    question_count: 50,
    answered_count: 10,
    tab_switches: 0,
    state: 'in_progress',
    refusal: null,
    last_seen: ago(5_000),
    extra_minutes: 0,
    recovered_from_file: false,
    arrived_late: false,
    storage_persistent: null,
    exam_name: 'Holdfast Assessment',
    sitting_name: null,
    seat: null,
    note: null,
    moved_at: null,
    moved_from: null,
    moved_by: null,
    open_on_two_devices: false,
    from_server_copy: false,
    server_copy_saved_at: null,
    replaced_server_copy_at: null,
    ...changes,
  }
}

/** The fake server's attempts, in its order (problems first is its business, not the page's). */
let attempts: StoredAttempt[]
/** How far the server's clock is behind the page's. */
let serverLagMs: number
let channels: FakeChannel[]

/** The status public.admin_live_attempts gives at the server's clock. */
function statusOnServer(stored: StoredAttempt): AttemptStatus {
  if (stored.state !== 'in_progress') return stored.state
  const serverNow = Date.now() - serverLagMs
  if (serverNow - Date.parse(stored.last_seen) <= offlineAfterMs) return 'on_track'
  // Silent past its deadline: the device's timer has ended the exam and holds the submission.
  return serverNow > Date.parse(stored.deadline) ? 'submitted_on_device' : 'offline'
}

/** The largest group of offline attempts last heard from within 2 minutes of each other, as admin_live_attempt_counts finds it. */
function silentGroup(): { silent_together: number; silent_since: string | null } {
  const silent = attempts.filter((stored) => statusOnServer(stored) === 'offline').map((stored) => Date.parse(stored.last_seen))
  let best = { silent_together: 0, silent_since: null as string | null }
  for (const from of [...silent].sort((a, b) => a - b)) {
    const size = silent.filter((lastSeen) => lastSeen >= from && lastSeen <= from + 2 * 60_000).length
    if (size > best.silent_together) best = { silent_together: size, silent_since: new Date(from).toISOString() }
  }
  return best
}

beforeEach(() => {
  vi.useFakeTimers({ now })
  serial = 0
  attempts = []
  serverLagMs = 0
  vi.mocked(listLiveAttempts)
    .mockReset()
    .mockImplementation(async (pageIndex, pageSize) => {
      const shown = Math.min(pageIndex, lastPageIndex(attempts.length, pageSize))
      const rows = attempts
        .slice(shown * pageSize, (shown + 1) * pageSize)
        .map((stored) => ({ ...stored, status: statusOnServer(stored) }))
      return { ok: true, data: { rows, pageIndex: shown, total: attempts.length } }
    })
  vi.mocked(loadLiveAttemptCounts)
    .mockReset()
    .mockImplementation(async () => {
      const counts: Record<CountedAttemptStatus, number> = {
        offline: 0,
        submitted_on_device: 0,
        refused: 0,
        on_track: 0,
        received: 0,
      }
      for (const stored of attempts) {
        const status = statusOnServer(stored)
        // A moved attempt has no card: the one that resumed it is counted.
        if (status !== 'moved') counts[status]++
      }
      return { ok: true, data: { ...counts, writing: counts.on_track + counts.offline, ...silentGroup() } }
    })
  vi.mocked(offerAttemptMove).mockReset()
  vi.mocked(noteAttempt).mockReset()
  vi.mocked(recoverSubmissionFromFile).mockReset()
  vi.mocked(listRoomTimeAdditions).mockReset().mockResolvedValue({ ok: true, data: [] })
  vi.mocked(listGuessingLimits).mockReset().mockResolvedValue({ ok: true, data: [] })
  vi.mocked(clearGuessingLimit).mockReset()
  vi.mocked(endAddressTrust).mockReset()
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

/** Each row's cells as text: status, student, code, progress, time left, tab switches, last seen, actions. */
const rows = () =>
  within(screen.getByRole('table', { name: 'Exam attempts, by name' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td, th')].map((cell) => cell.textContent))

/** The row action's visible words. */
/** The row's actions, by what the attempt is at: written (extra time, note, move), held on the device (note, move), done (note). */
const move = 'Extra timeNoteMove to a new device'
const heldActions = 'NoteMove to a new device'
const doneActions = 'Note'
/** A moment as the page writes it (formatTime). */
const time = (iso: string) => new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })

const statValues = () =>
  within(screen.getByRole('list', { name: 'Attempt statistics' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

describe('ProctorRoomPage', () => {
  it("shows the server's rows in its order with its statuses, and follows attempts, submissions and codes live", async () => {
    attempts = [
      attempt('Edsger Dijkstra', { answered_count: 7, last_seen: ago(150_000), deadline: inMs(90_500) }),
      attempt('Grace Hopper', { answered_count: 50, state: 'submitted_on_device', last_seen: ago(3 * 60_000) }),
      attempt('', { student_name: null }),
      attempt('Alan Turing', { answered_count: 12, tab_switches: 3, extra_minutes: 15, deadline: inMs(35 * 60_000) }),
      attempt('Ada Lovelace', {
        answered_count: 50,
        state: 'received',
        tab_switches: 6,
        recovered_from_file: true,
        arrived_late: true,
      }),
    ]
    await renderPage()

    expect(rows()).toEqual([
      // A silent device's progress and time left are as of its last report, and say so.
      [
        'Offline',
        'Edsger Dijkstra',
        'CODE0001',
        `7 / 50at ${time(ago(150_000))}`,
        `4:00as of ${time(ago(150_000))}`,
        '0',
        '2 min ago',
        move,
      ],
      [
        'Submitted on device, not yet received',
        'Grace Hopper',
        'CODE0002',
        `50 / 50at ${time(ago(3 * 60_000))}`,
        '—',
        '0',
        '3 min ago',
        heldActions,
      ],
      ['On track', 'Name not given', 'CODE0003', '10 / 50', '20:00', '0', '5 s ago', move],
      ['On track', 'Alan Turing', 'CODE0004', '12 / 50', '35:00+15 min extra time', '3', '5 s ago', move],
      ['ReceivedRecovered from fileArrived late', 'Ada Lovelace', 'CODE0005', '50 / 50', '—', '6', '5 s ago', doneActions],
    ])
    const switches = [...document.querySelectorAll('.tab-switches')].map((badge) => badge.className.split('--')[1])
    expect(switches).toEqual(['green', 'green', 'green', 'yellow', 'red'])
    expect(statValues()).toEqual(['Offline1', 'Not yet received1', 'Refused0', 'On track2', 'Received1'])
    expect(channels.map((channel) => channel.tables)).toEqual([['exam_attempts', 'submissions', 'login_codes']])
    // One page: nothing to turn.
    expect(screen.queryByRole('navigation', { name: 'Pages of exam attempts' })).toBeNull()

    attempts = [...attempts, attempt('Katherine Johnson', { last_seen: ago(0) })]
    act(() => channels[0]?.listener.onStatus('SUBSCRIBED'))
    await elapse()
    expect(rows().map((row) => row[1])).toContain('Katherine Johnson')
    expect(statValues()).toEqual(['Offline1', 'Not yet received1', 'Refused0', 'On track3', 'Received1'])
    expect(screen.getByRole('status', { name: 'Live updates' }).textContent).toBe('Live')
  })

  it('refreshes every 10 s while its live channel is down, says so, and is live again when the channel is back', async () => {
    attempts = [attempt('Edsger Dijkstra')]
    await renderPage()
    const indicator = screen.getByRole('status', { name: 'Live updates' })
    act(() => channels[0]?.listener.onStatus('SUBSCRIBED'))
    await elapse(1000)
    expect(indicator.textContent).toBe('Live')

    act(() => channels[0]?.listener.onStatus('CHANNEL_ERROR'))
    expect(indicator.textContent).toBe('Live updates paused, refreshing every 10 s')
    // Nothing reaches the page over Realtime now: only the timer shows the new student.
    attempts = [...attempts, attempt('Katherine Johnson', { last_seen: ago(0) })]
    await elapse(9_000)
    expect(rows().map((row) => row[1])).not.toContain('Katherine Johnson')
    await elapse(1_000)
    expect(rows().map((row) => row[1])).toContain('Katherine Johnson')

    act(() => channels[0]?.listener.onStatus('SUBSCRIBED'))
    await elapse()
    expect(indicator.textContent).toBe('Live')
  })

  it('shows a refused attempt with its reason, and a device whose storage is not persistent', async () => {
    attempts = [
      attempt('Grace Hopper', { state: 'submitted_on_device', storage_persistent: false }),
      attempt('Edsger Dijkstra', { state: 'refused', refusal: 'code_used', storage_persistent: true }),
      attempt('Alan Turing', { state: 'refused', refusal: 'exam_over' }),
    ]
    await renderPage()

    expect(rows().map((row) => row.slice(0, 2))).toEqual([
      ['Submitted on device, not yet received', 'Grace HopperThis browser may clear the answers if the phone runs out of space'],
      ['Refused: code already used', 'Edsger Dijkstra'],
      ['Refused: exam over', 'Alan Turing'],
    ])
    expect(screen.getAllByText('This browser may clear the answers if the phone runs out of space')).toHaveLength(1)
    expect(statValues()).toEqual(['Offline0', 'Not yet received1', 'Refused2', 'On track0', 'Received0'])
  })

  it('shows a move (when and by whom), the attempt that resumed it, a code open on two devices, and submissions from the server copy', async () => {
    const movedAt = ago(4 * 60_000)
    const savedAt = ago(30 * 60_000)
    attempts = [
      attempt('Grace Hopper', { state: 'moved', moved_at: movedAt, moved_by: 'proctor@school.test', open_on_two_devices: true }),
      attempt('Grace Hopper', { moved_from: 'attempt-1', moved_by: 'proctor@school.test', open_on_two_devices: true }),
      attempt('Alan Turing', { state: 'received', from_server_copy: true, server_copy_saved_at: savedAt }),
      attempt('Edsger Dijkstra', { state: 'received', from_server_copy: true, server_copy_saved_at: null }),
      attempt('Ada Lovelace', { state: 'received', replaced_server_copy_at: ago(60_000) }),
    ]
    await renderPage()

    expect(rows().map((row) => [row[0], row[4], row[7]])).toEqual([
      [`Moved to a new device at ${time(movedAt)} by proctor@school.test⧉ Open on two devices`, '—', doneActions],
      ['On trackResumed after a move⧉ Open on two devices', '20:00', move],
      [`ReceivedSubmitted from the server's copy (last saved ${time(savedAt)})`, '—', doneActions],
      ["ReceivedSubmitted from the server's copy (nothing was saved)", '—', doneActions],
      ["ReceivedDevice's submission replaced the server's copy", '—', doneActions],
    ])
    // Not colour alone: the badge says it in words, its icon is not read out.
    const twoDevices = screen.getAllByText('Open on two devices')[0]
    expect(twoDevices?.parentElement?.querySelector('[aria-hidden="true"]')).not.toBeNull()
    // The moved attempt is not a student of its own: the one on track counts.
    expect(statValues()).toEqual(['Offline0', 'Not yet received0', 'Refused0', 'On track1', 'Received3'])
  })

  it('offers a move only while an attempt is written, up to its deadline plus the grace', async () => {
    attempts = [
      attempt('Within the grace', { deadline: ago(submissionGraceMs - 1000), last_seen: ago(90_000) }),
      attempt('Past the grace', { deadline: ago(submissionGraceMs + 1000), last_seen: ago(90_000) }),
      attempt('Refused', { state: 'refused', refusal: 'exam_over' }),
    ]
    await renderPage()
    expect(
      screen.getAllByRole('button', { name: /to a new device$/ }).map((button) => button.getAttribute('aria-label')),
    ).toEqual(['Move Within the grace to a new device'])
    // Its grace runs out while the page is open.
    await elapse(1000)
    expect(screen.queryAllByRole('button', { name: /to a new device$/ })).toHaveLength(0)
  })

  it('moves a student: the dialog shows the resume PIN, until when it is valid and how to use it, and closes', async () => {
    attempts = [attempt('Grace Hopper'), attempt('', { student_name: null })]
    const expiresAt = inMs(10 * 60_000)
    vi.mocked(offerAttemptMove).mockResolvedValue({ ok: true, data: { pin: '482913', expiresAt } })
    await renderPage()

    const opener = screen.getByRole('button', { name: 'Move Grace Hopper to a new device' })
    opener.focus()
    fireEvent.click(opener)
    const dialog = screen.getByRole('dialog', { name: 'Move Grace Hopper to a new device' })
    expect(within(dialog).getByRole('status').textContent).toBe('Making a resume PIN...')
    await elapse()
    expect(offerAttemptMove).toHaveBeenCalledExactlyOnceWith('attempt-1')
    expect(within(dialog).getByLabelText('Resume PIN').textContent).toBe('482913')
    const time = new Date(expiresAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    expect(dialog.textContent).toContain(`Valid until ${time} (10 minutes)`)
    expect(dialog.textContent).toContain('On the new device, enter the login code, then this PIN. Login code: CODE0001')

    fireEvent.click(within(dialog).getByRole('button', { name: 'Close' }))
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(document.activeElement).toBe(opener)

    // A student who has not given a name yet is named by the code.
    fireEvent.click(screen.getByRole('button', { name: 'Move the student of login code CODE0002 to a new device' }))
    expect(screen.getByRole('dialog', { name: 'Move the student of login code CODE0002 to a new device' })).toBeTruthy()
    await elapse()
    expect(vi.mocked(offerAttemptMove).mock.calls).toEqual([['attempt-1'], ['attempt-2']])
    fireEvent.keyDown(screen.getByRole('dialog'), { key: 'Escape' })
    expect(screen.queryByRole('dialog')).toBeNull()
  })

  it("shows the server's refusal and no PIN when the attempt can no longer be moved", async () => {
    attempts = [attempt('Grace Hopper')]
    const refusal = 'This attempt is no longer in progress, so it cannot be moved.'
    vi.mocked(offerAttemptMove).mockResolvedValue({ ok: false, error: refusal })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Move Grace Hopper to a new device' }))
    await elapse()
    const dialog = screen.getByRole('dialog', { name: 'Move Grace Hopper to a new device' })
    expect(within(dialog).getByText(refusal)).toBeTruthy()
    expect(within(dialog).queryByLabelText('Resume PIN')).toBeNull()
    expect(dialog.textContent).not.toContain('Valid until')
  })

  it('counts down every second, and reads the page again the moment a silent device turns offline, then holds its submission', async () => {
    attempts = [attempt('Silent Student', { last_seen: ago(55_000), deadline: inMs(65_000) })]
    await renderPage()
    expect(rows()[0]).toEqual(['On track', 'Silent Student', 'CODE0001', '10 / 50', '1:05', '0', '55 s ago', move])

    await elapse(1000)
    expect(rows()[0]?.slice(4)).toEqual(['1:04', '0', '56 s ago', move])

    // 60 s of silence is still on track; offline is any more than that.
    await elapse(4000)
    expect(rows()[0]).toEqual(['On track', 'Silent Student', 'CODE0001', '10 / 50', '1:00', '0', '1 min ago', move])
    expect(listLiveAttempts).toHaveBeenCalledTimes(1)

    await elapse(1)
    expect(rows()[0]?.[0]).toBe('Offline')
    expect(statValues()).toEqual(['Offline1', 'Not yet received0', 'Refused0', 'On track0', 'Received0'])
    expect(listLiveAttempts).toHaveBeenCalledTimes(2)

    // Silent past its deadline, it holds its submission: read again the moment the deadline passes.
    await elapse(59_999)
    expect(rows()[0]?.[0]).toBe('Offline')
    expect(listLiveAttempts).toHaveBeenCalledTimes(2)
    await elapse(1)
    expect(rows()[0]?.[0]).toBe('Submitted on device, not yet received')
    expect(listLiveAttempts).toHaveBeenCalledTimes(3)

    // Nothing left that changes by itself: nothing more to wait for.
    await elapse(5 * 60_000)
    expect(listLiveAttempts).toHaveBeenCalledTimes(3)
  })

  it("asks again a second later when the server's clock is behind and still has the device on track", async () => {
    serverLagMs = 500
    attempts = [attempt('Silent Student', { last_seen: ago(55_000) })]
    await renderPage()

    await elapse(5001)
    expect(listLiveAttempts).toHaveBeenCalledTimes(2)
    expect(rows()[0]?.[0]).toBe('On track')

    await elapse(999)
    expect(listLiveAttempts).toHaveBeenCalledTimes(2)
    await elapse(1)
    expect(listLiveAttempts).toHaveBeenCalledTimes(3)
    expect(rows()[0]?.[0]).toBe('Offline')
  })

  it('shows 100 attempts a page, with the counts of every page', async () => {
    attempts = Array.from({ length: 230 }, (_, i) => attempt(`Student ${i + 1}`))
    await renderPage()
    const pages = within(screen.getByRole('navigation', { name: 'Pages of exam attempts' }))
    expect(pages.getByText('1–100 of 230')).toBeDefined()
    expect(rows()).toHaveLength(attemptsPerPage)
    expect(statValues()).toEqual(['Offline0', 'Not yet received0', 'Refused0', 'On track230', 'Received0'])

    fireEvent.click(pages.getByRole('button', { name: 'Next page' }))
    await elapse()
    expect(pages.getByText('101–200 of 230')).toBeDefined()
    expect(rows()[0]?.[1]).toBe('Student 101')

    fireEvent.click(pages.getByRole('button', { name: 'Last page' }))
    await elapse()
    expect(pages.getByText('201–230 of 230')).toBeDefined()
    expect(rows().map((row) => row[1])).toEqual(attempts.slice(200).map((stored) => stored.student_name))
    expect(vi.mocked(listLiveAttempts).mock.calls).toEqual([
      [0, attemptsPerPage, undefined, 'name'],
      [1, attemptsPerPage, undefined, 'name'],
      [2, attemptsPerPage, undefined, 'name'],
    ])
  })

  it('lists the time added for everyone with how much, for how many students, by whom and when', async () => {
    vi.mocked(listRoomTimeAdditions).mockResolvedValue({
      ok: true,
      data: [
        {
          id: 'a2',
          minutes: 10,
          login_codes: ['CODE0001', 'CODE0002'],
          added_by_email: 'proctor@school.test',
          added_at: ago(60_000),
        },
        { id: 'a1', minutes: 1, login_codes: ['CODE0001'], added_by_email: null, added_at: ago(600_000) },
      ],
    })
    await renderPage()

    const history = within(screen.getByRole('region', { name: 'Time added for everyone' })).getAllByRole('listitem')
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringMatching(/^10 minutes for 2 students, by proctor@school\.test at /),
      expect.stringMatching(/^1 minute for 1 student, by an administrator at /),
    ])
  })

  it('warns of an address limited for wrong login codes, rechecks every 30 s, and clears it once confirmed', async () => {
    await renderPage()
    expect(screen.queryByRole('region', { name: 'Wrong login codes' })).toBeNull()

    const clearsAt = inMs(7 * 60_000)
    const limits: GuessingLimit[] = [
      { address: '203.0.113.5', failures: 20_400, limited: true, limitedBrowsers: 0, clearsAt, trustedUntil: null },
      { address: '198.51.100.9', failures: 50, limited: false, limitedBrowsers: 1, clearsAt, trustedUntil: null },
    ]
    vi.mocked(listGuessingLimits).mockResolvedValue({ ok: true, data: limits })
    await elapse(30_000)
    const panel = screen.getByRole('region', { name: 'Wrong login codes' })
    const time = new Date(clearsAt).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    expect(
      within(panel)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      `Limited: Too many wrong login codes from 203.0.113.5: new students there cannot start until it clears at ${time}. Clear Clear and stop limiting this network for 2 hours`,
      `Limited: One browser at 198.51.100.9 tried too many wrong login codes: a student there is told to wait until it clears at ${time}. Clear`,
    ])

    fireEvent.click(within(panel).getByRole('button', { name: 'Clear the limit on 203.0.113.5' }))
    const dialog = screen.getByRole('dialog', { name: 'Clear the limit' })
    expect(dialog.textContent).toContain(`Forget the ${(20_400).toLocaleString()} wrong login codes from 203.0.113.5`)
    expect(clearGuessingLimit).not.toHaveBeenCalled()
    vi.mocked(clearGuessingLimit).mockResolvedValue({ ok: true, data: { cleared: true, trustedUntil: null } })
    vi.mocked(listGuessingLimits).mockResolvedValue({ ok: true, data: [] })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the limit' }))
    await elapse()
    expect(clearGuessingLimit).toHaveBeenCalledWith('203.0.113.5', false)
    expect(screen.getByText('Cleared the limit on 203.0.113.5: students there can start again.')).toBeTruthy()
    expect(screen.queryByRole('region', { name: 'Wrong login codes' })).toBeNull()
  })

  it('keeps the limit and says so when clearing it fails', async () => {
    vi.mocked(listGuessingLimits).mockResolvedValue({
      ok: true,
      data: [
        {
          address: '203.0.113.5',
          failures: 20_000,
          limited: true,
          limitedBrowsers: 0,
          clearsAt: inMs(60_000),
          trustedUntil: null,
        },
      ],
    })
    vi.mocked(clearGuessingLimit).mockResolvedValue({ ok: false, error: 'Failed to clear the limit' })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Clear the limit on 203.0.113.5' }))
    const dialog = screen.getByRole('dialog', { name: 'Clear the limit' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear the limit' }))
    await elapse()
    expect(within(dialog).getByText('Failed to clear the limit')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Wrong login codes' })).toBeTruthy()
  })

  it('stops limiting a network for 2 hours once the administrator confirms what it means, and says until when', async () => {
    const limited: GuessingLimit = {
      address: '203.0.113.5',
      failures: 20_400,
      limited: true,
      limitedBrowsers: 0,
      clearsAt: inMs(7 * 60_000),
      trustedUntil: null,
    }
    vi.mocked(listGuessingLimits).mockResolvedValue({ ok: true, data: [limited] })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Clear and stop limiting this network for 2 hours: 203.0.113.5' }))
    const dialog = screen.getByRole('dialog', { name: 'Stop limiting this network' })
    expect(dialog.textContent).toContain(
      'Wrong codes from this network will no longer stop new students; each browser is still limited on its own.',
    )
    expect(dialog.textContent).toContain('Use it when the network is your school')
    expect(clearGuessingLimit).not.toHaveBeenCalled()

    const trustedUntil = inMs(2 * 60 * 60_000)
    const time = new Date(trustedUntil).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    vi.mocked(clearGuessingLimit).mockResolvedValue({ ok: true, data: { cleared: true, trustedUntil } })
    vi.mocked(listGuessingLimits).mockResolvedValue({
      ok: true,
      data: [{ ...limited, failures: 0, limited: false, clearsAt: null, trustedUntil }],
    })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Clear and stop limiting' }))
    await elapse()
    expect(clearGuessingLimit).toHaveBeenCalledWith('203.0.113.5', true)
    expect(
      screen.getByText(
        `Cleared the limit on 203.0.113.5: this network is trusted until ${time}, only single browsers are limited.`,
      ),
    ).toBeTruthy()
    const panel = screen.getByRole('region', { name: 'Wrong login codes' })
    expect(within(panel).getByRole('listitem').textContent).toBe(
      `Trusted: 203.0.113.5. This network is trusted until ${time}: only single browsers are limited. Limit this network again`,
    )
    expect(within(panel).queryByRole('button', { name: /^Clear/ })).toBeNull()
  })

  it('limits a trusted network again once confirmed, and keeps the trust when that fails', async () => {
    const trustedUntil = inMs(90 * 60_000)
    const time = new Date(trustedUntil).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    const trusted: GuessingLimit = {
      address: '203.0.113.5',
      failures: 120,
      limited: false,
      limitedBrowsers: 2,
      clearsAt: inMs(4 * 60_000),
      trustedUntil,
    }
    vi.mocked(listGuessingLimits).mockResolvedValue({ ok: true, data: [trusted] })
    await renderPage()
    const panel = screen.getByRole('region', { name: 'Wrong login codes' })
    const clearsAt = new Date(inMs(4 * 60_000)).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    expect(within(panel).getByRole('listitem').textContent).toBe(
      `Trusted: 203.0.113.5. This network is trusted until ${time}: only single browsers are limited. 2 browsers there tried too many wrong login codes: a student there is told to wait until it clears at ${clearsAt}. Clear Limit this network again`,
    )

    fireEvent.click(within(panel).getByRole('button', { name: 'Limit this network again: 203.0.113.5' }))
    const dialog = screen.getByRole('dialog', { name: 'Limit this network again' })
    expect(dialog.textContent).toContain(`Limit 203.0.113.5 as a whole again, before ${time}?`)
    vi.mocked(endAddressTrust).mockResolvedValue({ ok: false, error: 'Failed to limit the network again' })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limit again' }))
    await elapse()
    expect(within(dialog).getByText('Failed to limit the network again')).toBeTruthy()

    vi.mocked(endAddressTrust).mockResolvedValue({ ok: true, data: { ended: true } })
    vi.mocked(listGuessingLimits).mockResolvedValue({ ok: true, data: [] })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Limit again' }))
    await elapse()
    expect(endAddressTrust).toHaveBeenCalledWith('203.0.113.5')
    expect(
      screen.getByText('203.0.113.5 is limited again: too many wrong login codes from it stop new students there.'),
    ).toBeTruthy()
    expect(screen.queryByRole('dialog')).toBeNull()
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

describe('ProctorRoomPage, for a room (issue 28)', () => {
  const outageText = (since: string) =>
    `The room stopped reporting at ${time(since)} (Wi-Fi?): students can keep working; their answers are safe on their devices`

  it('says once that the room stopped reporting, shows those rows as not reporting, and drops both once they report again', async () => {
    const since = ago(3 * 60_000)
    attempts = [
      attempt('Ada', { last_seen: since }),
      attempt('Bea', { last_seen: ago(2 * 60_000 - 10_000) }),
      attempt('Cy', { last_seen: ago(2 * 60_000) }),
      attempt('Dee'),
    ]
    await renderPage()
    expect(screen.getByText(outageText(since)).closest('[role="status"]')).not.toBeNull()
    expect(rows().map((row) => row[0])).toEqual(['Not reporting', 'Not reporting', 'Not reporting', 'On track'])
    // Grey, not the red of a student's own trouble.
    expect(screen.getAllByText('Not reporting').map((badge) => badge.className)).toEqual(
      Array(3).fill('admin-badge admin-badge--wraps admin-badge--grey'),
    )

    attempts = attempts.map((stored) => ({ ...stored, last_seen: ago(0) }))
    act(() => channels[0]?.listener.onChange())
    await elapse()
    expect(screen.queryByText(/The room stopped reporting/)).toBeNull()
    expect(rows().map((row) => row[0])).toEqual(Array(4).fill('On track'))
  })

  it('leaves single silent students "Offline" when most of the room still reports', async () => {
    attempts = [
      attempt('Ada', { last_seen: ago(3 * 60_000) }),
      attempt('Bea', { last_seen: ago(3 * 60_000) }),
      attempt('Cy', { last_seen: ago(3 * 60_000) }),
      ...['Dee', 'Eve', 'Fay'].map((name) => attempt(name)),
    ]
    await renderPage()
    expect(screen.queryByText(/The room stopped reporting/)).toBeNull()
    expect(rows().map((row) => row[0])).toEqual([...Array(3).fill('Offline'), ...Array(3).fill('On track')])
  })

  it('reads the order from the address, asks the server for it, and keeps a new choice in the address', async () => {
    attempts = [attempt('Ada')]
    render(
      <MemoryRouter initialEntries={['/admin/live?order=seat']}>
        <ProctorRoomPage />
      </MemoryRouter>,
    )
    await elapse()
    const order = screen.getByRole('combobox', { name: 'Order' })
    expect((order as HTMLSelectElement).value).toBe('seat')
    expect([...order.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Name', 'Seat', 'Problems first'])
    expect(vi.mocked(listLiveAttempts).mock.lastCall?.[3]).toBe('seat')
    expect(screen.getByRole('table', { name: 'Exam attempts, by seat' })).toBeDefined()

    fireEvent.change(order, { target: { value: 'problems' } })
    await elapse()
    expect(vi.mocked(listLiveAttempts).mock.lastCall?.[3]).toBe('problems')
    expect(screen.getByRole('table', { name: 'Exam attempts, problems first' })).toBeDefined()
  })

  it('saves a note with the seat, says so and shows them on the row; a failure keeps the dialog with its message', async () => {
    attempts = [attempt('Grace Hopper')]
    await renderPage()
    vi.mocked(noteAttempt).mockResolvedValueOnce({ ok: false, error: 'Failed to save note' })
    fireEvent.click(screen.getByRole('button', { name: 'Note for Grace Hopper' }))
    const dialog = screen.getByRole('dialog', { name: 'Note for Grace Hopper' })
    expect(within(dialog).getByLabelText('Seat').getAttribute('maxlength')).toBe('20')
    expect(within(dialog).getByLabelText('Note').getAttribute('maxlength')).toBe('500')
    fireEvent.change(within(dialog).getByLabelText('Seat'), { target: { value: '12' } })
    fireEvent.change(within(dialog).getByLabelText('Note'), { target: { value: 'Moved to spare laptop' } })
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save note' }))
    await elapse()
    expect(within(dialog).getByText('Failed to save note')).toBeDefined()

    vi.mocked(noteAttempt).mockResolvedValueOnce({ ok: true, data: null })
    attempts = [{ ...attempts[0]!, seat: '12', note: 'Moved to spare laptop' }]
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save note' }))
    await elapse()
    expect(vi.mocked(noteAttempt).mock.calls).toEqual([
      ['attempt-1', '12', 'Moved to spare laptop'],
      ['attempt-1', '12', 'Moved to spare laptop'],
    ])
    expect(screen.queryByRole('dialog')).toBeNull()
    expect(screen.getByText('Note saved')).toBeDefined()
    expect(rows()[0]?.[1]).toBe('Grace HopperSeat 12Note: Moved to spare laptop')
  })

  it('opens the extra time of the student’s code from the row, as the code has it now', async () => {
    attempts = [attempt('Alan Turing', { extra_minutes: 10 })]
    vi.mocked(loadAttemptCode).mockResolvedValueOnce({ ok: true, data: { id: 'code-1', code: 'CODE0001', extra_minutes: 15 } })
    await renderPage()
    fireEvent.click(screen.getByRole('button', { name: 'Extra time for Alan Turing' }))
    await elapse()
    expect(loadAttemptCode).toHaveBeenCalledWith('CODE0001')
    const dialog = screen.getByRole('dialog', { name: 'Extra time for CODE0001' })
    expect((within(dialog).getByRole('spinbutton') as HTMLInputElement).value).toBe('15')
  })
})
