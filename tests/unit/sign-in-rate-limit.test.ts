import { describe, expect, it } from 'vitest'
import { createSignInRateLimit } from '../../supabase/local/auth/sign-in-rate-limit.ts'

const minute = 60_000
const limits = { perEmail: 3, perAddress: 5, windowMs: 5 * minute }

function limiterWithClock() {
  let time = Date.parse('2026-11-21T09:00:00Z')
  const rateLimit = createSignInRateLimit(limits, () => time)
  return { rateLimit, advance: (ms: number) => (time += ms) }
}

function fail(rateLimit: ReturnType<typeof createSignInRateLimit>, email: string, address: string, times: number) {
  for (let i = 0; i < times; i++) rateLimit.recordFailure(email, address)
}

describe('sign-in rate limit', () => {
  it('locks an e-mail after its failures fill the window, until the window passes', () => {
    const { rateLimit, advance } = limiterWithClock()
    fail(rateLimit, 'a@x.test', '10.0.0.1', 2)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(0)

    fail(rateLimit, 'a@x.test', '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(300)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.2')).toBe(300)
    expect(rateLimit.lockedForSeconds('b@x.test', '10.0.0.1')).toBe(0)

    advance(4 * minute)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(60)
    advance(minute)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(0)
  })

  it('lifts the lock as the oldest failures leave the window (sliding, not fixed)', () => {
    const { rateLimit, advance } = limiterWithClock()
    fail(rateLimit, 'a@x.test', '10.0.0.1', 1)
    advance(2 * minute)
    fail(rateLimit, 'a@x.test', '10.0.0.1', 2)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(180)

    advance(3 * minute)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(0)
    fail(rateLimit, 'a@x.test', '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.1')).toBe(120)
  })

  it('locks an address that fails across many e-mails', () => {
    const { rateLimit, advance } = limiterWithClock()
    for (const email of ['a@x.test', 'b@x.test', 'c@x.test', 'd@x.test', 'e@x.test']) fail(rateLimit, email, '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('fresh@x.test', '10.0.0.1')).toBe(300)
    expect(rateLimit.lockedForSeconds('fresh@x.test', '10.0.0.2')).toBe(0)
    advance(5 * minute)
    expect(rateLimit.lockedForSeconds('fresh@x.test', '10.0.0.1')).toBe(0)
  })

  it('clears the e-mail on success and takes back the attempt counted against the address', () => {
    const { rateLimit } = limiterWithClock()
    fail(rateLimit, 'a@x.test', '10.0.0.1', 2)
    fail(rateLimit, 'b@x.test', '10.0.0.1', 2)
    rateLimit.recordFailure('a@x.test', '10.0.0.1')
    rateLimit.recordSuccess('a@x.test', '10.0.0.1')

    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.9')).toBe(0)
    fail(rateLimit, 'a@x.test', '10.0.0.9', 2)
    expect(rateLimit.lockedForSeconds('a@x.test', '10.0.0.9')).toBe(0)
    // Four failures remain on 10.0.0.1 (two per e-mail), so one more locks it.
    expect(rateLimit.lockedForSeconds('c@x.test', '10.0.0.1')).toBe(0)
    fail(rateLimit, 'c@x.test', '10.0.0.1', 1)
    expect(rateLimit.lockedForSeconds('c@x.test', '10.0.0.1')).toBe(300)
  })
})
