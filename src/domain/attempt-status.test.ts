import { describe, expect, it } from 'vitest'
import {
  canBeMoved,
  isSilent,
  offlineAfterMs,
  remainingMs,
  silenceMs,
  submissionGraceMs,
  untilStatusChangesMs,
  type ProctoredAttempt,
} from './attempt-status'

const now = new Date('2026-11-23T10:00:00.000Z')
const ago = (ms: number) => new Date(now.getTime() - ms).toISOString()

function attempt(changes: Partial<ProctoredAttempt> = {}): ProctoredAttempt {
  return { deadline: '2026-11-23T10:20:00.000Z', last_seen: ago(10_000), status: 'on_track', ...changes }
}

describe('remainingMs and silenceMs', () => {
  it('count to the deadline and from the last report, never below 0', () => {
    expect(remainingMs(attempt({ deadline: '2026-11-23T10:02:30.000Z' }), now)).toBe(150_000)
    expect(remainingMs(attempt({ deadline: '2026-11-23T09:59:00.000Z' }), now)).toBe(0)
    expect(silenceMs(attempt({ last_seen: ago(125_000) }), now)).toBe(125_000)
    // The admin's clock a little behind the server's.
    expect(silenceMs(attempt({ last_seen: '2026-11-23T10:00:02.000Z' }), now)).toBe(0)
  })
})

describe('untilStatusChangesMs', () => {
  it('is the time until the longest silent attempt on track has been silent for more than 60 s', () => {
    const attempts = [
      attempt({ last_seen: ago(10_000) }),
      attempt({ last_seen: ago(45_000) }),
      // Silent for longer, but the server has its status already.
      attempt({ status: 'offline', last_seen: ago(5 * 60_000) }),
      attempt({ status: 'submitted_on_device', last_seen: ago(59_000) }),
      attempt({ status: 'received', last_seen: ago(59_500) }),
    ]
    expect(untilStatusChangesMs(attempts, now)).toBe(offlineAfterMs - 45_000 + 1)
  })

  it('is the time until an offline attempt passes its deadline, when that comes first', () => {
    const attempts = [
      attempt({ last_seen: ago(10_000) }),
      attempt({ status: 'offline', last_seen: ago(5 * 60_000), deadline: '2026-11-23T10:00:20.000Z' }),
    ]
    expect(untilStatusChangesMs(attempts, now)).toBe(20_001)
    expect(untilStatusChangesMs([attempt({ status: 'offline', deadline: ago(1_000) })], now)).toBe(-999)
  })

  it('is 0 or less once that moment has passed on this clock, and undefined when none will change by itself', () => {
    expect(untilStatusChangesMs([attempt({ last_seen: ago(offlineAfterMs + 1) })], now)).toBe(0)
    expect(untilStatusChangesMs([attempt({ last_seen: ago(offlineAfterMs + 500) })], now)).toBe(-499)
    expect(
      untilStatusChangesMs([attempt({ status: 'submitted_on_device' }), attempt({ status: 'received' })], now),
    ).toBeUndefined()
    expect(untilStatusChangesMs([], now)).toBeUndefined()
  })
})

describe('canBeMoved', () => {
  it('holds for an attempt still being written until its deadline plus the grace', () => {
    expect(canBeMoved(attempt(), now)).toBe(true)
    expect(canBeMoved(attempt({ status: 'offline' }), now)).toBe(true)
    expect(canBeMoved(attempt({ status: 'submitted_on_device' }), now)).toBe(true)
    // Past the deadline, within the grace: the server still takes its reports.
    expect(canBeMoved(attempt({ deadline: ago(submissionGraceMs - 1) }), now)).toBe(true)
    expect(canBeMoved(attempt({ deadline: ago(submissionGraceMs) }), now)).toBe(false)
  })

  it('never holds for an attempt received, refused or moved already', () => {
    for (const status of ['received', 'refused', 'moved'] as const) expect(canBeMoved(attempt({ status }), now)).toBe(false)
  })
})

describe('isSilent', () => {
  it('holds for a device still writing or holding its submission once silent for more than 60 s', () => {
    for (const status of ['on_track', 'offline', 'submitted_on_device'] as const) {
      expect(isSilent(attempt({ status, last_seen: ago(offlineAfterMs) }), now)).toBe(false)
      expect(isSilent(attempt({ status, last_seen: ago(offlineAfterMs + 1) }), now)).toBe(true)
    }
  })

  it('never holds for an attempt that is over, however long ago it was heard from', () => {
    for (const status of ['received', 'refused', 'moved'] as const) {
      expect(isSilent(attempt({ status, last_seen: ago(10 * offlineAfterMs) }), now)).toBe(false)
    }
  })
})
