import { describe, expect, it } from 'vitest'
import type { ProctoredAttempt } from './attempt-status'
import { roomOutage } from './room-outage'

const now = new Date('2026-11-28T12:45:00Z')
const since = '2026-11-28T12:42:00Z'

function attempt(status: ProctoredAttempt['status'], lastSeen: string): ProctoredAttempt {
  return { status, last_seen: lastSeen, deadline: '2026-11-28T13:30:00Z' }
}

describe('roomOutage', () => {
  it('finds an outage when at least 3 attempts and 60 % of those being written stopped together', () => {
    expect(roomOutage({ writing: 5, silent_together: 3, silent_since: since }, now)?.since).toBe(since)
    expect(roomOutage({ writing: 3, silent_together: 3, silent_since: since }, now)?.since).toBe(since)
  })

  it('finds none for fewer than 3 silent attempts, even all of the room', () => {
    expect(roomOutage({ writing: 2, silent_together: 2, silent_since: since }, now)).toBeUndefined()
  })

  it('finds none when under 60 % of the attempts being written stopped together', () => {
    expect(roomOutage({ writing: 6, silent_together: 3, silent_since: since }, now)).toBeUndefined()
    expect(roomOutage({ writing: 10, silent_together: 5, silent_since: since }, now)).toBeUndefined()
    expect(roomOutage({ writing: 10, silent_together: 6, silent_since: since }, now)).toBeDefined()
  })

  it('finds none when nothing is silent', () => {
    expect(roomOutage({ writing: 30, silent_together: 0, silent_since: null }, now)).toBeUndefined()
  })

  it('includes the silent attempts whose last report falls in the 2 minutes from the first', () => {
    const outage = roomOutage({ writing: 4, silent_together: 3, silent_since: since }, now)
    expect(outage).toBeDefined()
    const includes = outage?.includes ?? (() => false)
    expect(includes(attempt('offline', since))).toBe(true)
    expect(includes(attempt('offline', '2026-11-28T12:44:00Z'))).toBe(true)
    // Silent for longer, or since later: a student's own trouble, still "Offline".
    expect(includes(attempt('offline', '2026-11-28T12:41:59Z'))).toBe(false)
    expect(includes(attempt('offline', '2026-11-28T12:44:01Z'))).toBe(false)
    // Reporting again, or done writing: not part of it.
    expect(includes(attempt('on_track', '2026-11-28T12:44:30Z'))).toBe(false)
    expect(includes(attempt('submitted_on_device', since))).toBe(false)
  })

  it('includes an attempt that was on track when read but has been silent for over 60 s by now', () => {
    const outage = roomOutage({ writing: 4, silent_together: 3, silent_since: since }, now)
    expect(outage?.includes(attempt('on_track', '2026-11-28T12:43:30Z'))).toBe(true)
  })
})
