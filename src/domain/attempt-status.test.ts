import { describe, expect, it } from 'vitest'
import {
  attemptStatus,
  offlineAfterMs,
  remainingMs,
  silenceMs,
  sortForProctor,
  statusCounts,
  type ProctoredAttempt,
} from './attempt-status'

const now = new Date('2026-11-23T10:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()
let serial = 0

function attempt(changes: Partial<ProctoredAttempt> = {}): ProctoredAttempt {
  serial++
  return {
    id: `attempt-${serial}`,
    student_name: `Student ${serial}`,
    login_code: `CODE${String(serial).padStart(4, '0')}`,
    deadline: '2026-11-23T10:20:00.000Z',
    state: 'in_progress',
    last_seen: ago(10_000),
    ...changes,
  }
}

describe('attemptStatus', () => {
  it('is on track while the device reported within the last 60 s, offline after', () => {
    expect(attemptStatus(attempt({ last_seen: ago(0) }), now)).toBe('on_track')
    expect(attemptStatus(attempt({ last_seen: ago(offlineAfterMs) }), now)).toBe('on_track')
    expect(attemptStatus(attempt({ last_seen: ago(offlineAfterMs + 1) }), now)).toBe('offline')
  })

  it('turns offline as the clock moves on, with nothing new from the server', () => {
    const silent = attempt({ last_seen: ago(50_000) })
    expect(attemptStatus(silent, now)).toBe('on_track')
    expect(attemptStatus(silent, new Date(now.getTime() + 10_001))).toBe('offline')
  })

  it('says a submission waits on the device, or is received, however long the device has been silent', () => {
    expect(attemptStatus(attempt({ state: 'submitted_on_device', last_seen: ago(10 * 60_000) }), now)).toBe('submitted_on_device')
    expect(attemptStatus(attempt({ state: 'submitted_on_device', last_seen: ago(0) }), now)).toBe('submitted_on_device')
    expect(attemptStatus(attempt({ state: 'received', last_seen: ago(60 * 60_000) }), now)).toBe('received')
  })
})

describe('remainingMs and silenceMs', () => {
  it('count to the deadline and from the last report, never below 0', () => {
    expect(remainingMs(attempt({ deadline: '2026-11-23T10:02:30.000Z' }), now)).toBe(150_000)
    expect(remainingMs(attempt({ deadline: '2026-11-23T09:59:00.000Z' }), now)).toBe(0)
    expect(silenceMs(attempt({ last_seen: ago(125_000) }), now)).toBe(125_000)
    // The admin's clock a little behind the server's.
    expect(silenceMs(attempt({ last_seen: '2026-11-23T10:00:02.000Z' }), now)).toBe(0)
  })
})

describe('sortForProctor', () => {
  it('puts problems first: offline (longest silent first), then stuck on a device, then on track, then received', () => {
    const received = attempt({ student_name: 'Aaron', state: 'received', last_seen: ago(5 * 60_000) })
    const onTrackB = attempt({ student_name: 'Bea', last_seen: ago(1_000) })
    const onTrackA = attempt({ student_name: 'Abe', last_seen: ago(40_000) })
    const stuck = attempt({ student_name: 'Zoe', state: 'submitted_on_device', last_seen: ago(2_000) })
    const offlineLately = attempt({ student_name: 'Ann', last_seen: ago(90_000) })
    const offlineLong = attempt({ student_name: 'Zed', last_seen: ago(10 * 60_000) })

    const sorted = sortForProctor([received, onTrackB, onTrackA, stuck, offlineLately, offlineLong], now)

    expect(sorted.map(({ attempt, status }) => [attempt.student_name, status])).toEqual([
      ['Zed', 'offline'],
      ['Ann', 'offline'],
      ['Zoe', 'submitted_on_device'],
      ['Abe', 'on_track'],
      ['Bea', 'on_track'],
      ['Aaron', 'received'],
    ])
  })

  it('keeps a steady order among equals, by name, then code, and puts an attempt without a name first', () => {
    const second = attempt({ student_name: 'Same Name', login_code: 'BBBBBBBB' })
    const first = attempt({ student_name: 'Same Name', login_code: 'AAAAAAAA' })
    const nameless = attempt({ student_name: null, login_code: 'CCCCCCCC' })
    expect(sortForProctor([second, first, nameless], now).map(({ attempt }) => attempt.login_code)).toEqual([
      'CCCCCCCC',
      'AAAAAAAA',
      'BBBBBBBB',
    ])
  })
})

describe('statusCounts', () => {
  it('counts each status, zero for those nobody has', () => {
    const sorted = sortForProctor(
      [attempt(), attempt(), attempt({ state: 'received' }), attempt({ last_seen: ago(offlineAfterMs + 1) })],
      now,
    )
    expect(statusCounts(sorted)).toEqual({ offline: 1, submitted_on_device: 0, on_track: 2, received: 1 })
  })
})
