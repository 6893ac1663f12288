import { describe, expect, it } from 'vitest'
import { createSignInRateLimit } from '../../supabase/local/auth/sign-in-rate-limit.ts'

const minute = 60_000
const limits = { failuresPerAddress: 5, windowMs: 5 * minute, quickFailuresPerAccount: 3, firstDelayMs: 250, maxDelayMs: 2000 }

function limiterWithClock() {
  let time = Date.parse('2026-11-21T09:00:00Z')
  const rateLimit = createSignInRateLimit(limits, () => time)
  return { rateLimit, advance: (ms: number) => (time += ms) }
}

function failFrom(rateLimit: ReturnType<typeof createSignInRateLimit>, address: string, times: number) {
  for (let i = 0; i < times; i++) rateLimit.recordAttempt(address)
}

describe('sign-in rate limit by address', () => {
  it('locks an address after its failures fill the window, until the window passes', () => {
    const { rateLimit, advance } = limiterWithClock()
    failFrom(rateLimit, '10.0.0.1', 4)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(0)

    failFrom(rateLimit, '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(300)
    expect(rateLimit.lockedForSeconds('10.0.0.2')).toBe(0)

    advance(4 * minute)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(60)
    advance(minute)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(0)
  })

  it('lifts the lock as the oldest failures leave the window (sliding, not fixed)', () => {
    const { rateLimit, advance } = limiterWithClock()
    failFrom(rateLimit, '10.0.0.1', 1)
    advance(2 * minute)
    failFrom(rateLimit, '10.0.0.1', 4)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(180)

    advance(3 * minute)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(0)
    failFrom(rateLimit, '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(120)
  })

  it('takes back an attempt that turned out to be the right password', () => {
    const { rateLimit } = limiterWithClock()
    failFrom(rateLimit, '10.0.0.1', 4)
    rateLimit.recordAttempt('10.0.0.1')
    rateLimit.recordSuccess('10.0.0.1')
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(0)
    failFrom(rateLimit, '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(300)
  })
})

describe('sign-in slow-down by account', () => {
  it('answers the first wrong passwords at once, then doubles the delay up to its cap', () => {
    const { rateLimit } = limiterWithClock()
    const delays = Array.from({ length: 9 }, () => rateLimit.recordWrongPassword('admin@x.test'))
    expect(delays).toEqual([0, 0, 0, 250, 500, 1000, 2000, 2000, 2000])
    expect(rateLimit.recordWrongPassword('other@x.test')).toBe(0)
  })

  it('never locks the account: it neither counts against an address nor refuses anyone', () => {
    const { rateLimit } = limiterWithClock()
    for (let i = 0; i < 100; i++) rateLimit.recordWrongPassword('admin@x.test')
    expect(rateLimit.lockedForSeconds('10.0.0.1')).toBe(0)
  })

  it('speeds up again as wrong passwords leave the window', () => {
    const { rateLimit, advance } = limiterWithClock()
    for (let i = 0; i < 20; i++) rateLimit.recordWrongPassword('admin@x.test')
    advance(5 * minute)
    expect(rateLimit.recordWrongPassword('admin@x.test')).toBe(0)
  })
})
