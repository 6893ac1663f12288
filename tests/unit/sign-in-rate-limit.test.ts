import { describe, expect, it } from 'vitest'
import { createSignInRateLimit, defaultSignInLimits, type SignInLimits } from '../../supabase/local/auth/sign-in-rate-limit.ts'

const minute = 60_000
const limits: SignInLimits = {
  windowMs: 5 * minute,
  failuresPerAddressAndAccount: 3,
  failuresPerAccount: 6,
  familiarForMs: 60 * minute,
}
const room = '10.0.0.1'
const admin = 'admin@x.test'

function limiterWithClock() {
  let time = Date.parse('2026-11-21T09:00:00Z')
  const rateLimit = createSignInRateLimit(limits, () => time)
  return { rateLimit, advance: (ms: number) => (time += ms) }
}

function failFrom(rateLimit: ReturnType<typeof createSignInRateLimit>, address: string, email: string, times: number) {
  for (let i = 0; i < times; i++) rateLimit.recordAttempt(address, email)
}

describe('sign-in limit per address and e-mail', () => {
  it('locks an e-mail at an address after its failures fill the window, until the window passes', () => {
    const { rateLimit, advance } = limiterWithClock()
    failFrom(rateLimit, room, admin, 2)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(0)

    failFrom(rateLimit, room, admin, 1)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(300)
    expect(rateLimit.lockedForSeconds(room, 'other@x.test')).toBe(0)
    expect(rateLimit.lockedForSeconds('10.0.0.2', admin)).toBe(0)

    advance(4 * minute)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(60)
    advance(minute)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(0)
  })

  it('lifts the lock as the oldest failures leave the window (sliding, not fixed)', () => {
    const { rateLimit, advance } = limiterWithClock()
    failFrom(rateLimit, room, admin, 1)
    advance(2 * minute)
    failFrom(rateLimit, room, admin, 2)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(180)

    advance(3 * minute)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(0)
    failFrom(rateLimit, room, admin, 1)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(120)
  })

  it('takes back an attempt that turned out to be the right password', () => {
    const { rateLimit } = limiterWithClock()
    failFrom(rateLimit, room, admin, 2)
    rateLimit.recordAttempt(room, admin)
    rateLimit.recordSuccess(room, admin)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(0)
    failFrom(rateLimit, room, admin, 1)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(300)
  })

  it('keeps an e-mail locked at an address even where it signed in before', () => {
    const { rateLimit } = limiterWithClock()
    rateLimit.recordAttempt(room, admin)
    rateLimit.recordSuccess(room, admin)
    failFrom(rateLimit, room, admin, 3)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(300)
  })
})

describe('a flood of made-up e-mails from one address', () => {
  it('locks none of the others there, however many (any count shared by the room is one a student fills)', () => {
    const { rateLimit } = limiterWithClock()
    for (let i = 0; i < 1000; i++) failFrom(rateLimit, room, `made-up-${i}@x.test`, 1)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(0)
    expect(rateLimit.lockedForSeconds(room, 'new-proctor@x.test')).toBe(0)
  })
})

describe('sign-in limit per e-mail across addresses', () => {
  it('refuses a guessed e-mail at every address it has not signed in from, once its failures from all of them fill the window', () => {
    const { rateLimit } = limiterWithClock()
    rateLimit.recordAttempt(room, admin)
    rateLimit.recordSuccess(room, admin)
    for (let i = 0; i < 5; i++) failFrom(rateLimit, `198.51.100.${i}`, admin, 1)
    expect(rateLimit.lockedForSeconds('203.0.113.1', admin)).toBe(0)

    failFrom(rateLimit, '198.51.100.5', admin, 1)
    expect(rateLimit.lockedForSeconds('203.0.113.1', admin)).toBe(300)
    expect(rateLimit.lockedForSeconds('198.51.100.0', admin)).toBe(300)
    expect(rateLimit.lockedForSeconds(room, admin)).toBe(0)
    expect(rateLimit.lockedForSeconds('203.0.113.1', 'other@x.test')).toBe(0)
  })

  it('cannot be reached from one address: the per-address lock stops it first', () => {
    expect(defaultSignInLimits.failuresPerAccount).toBeGreaterThan(defaultSignInLimits.failuresPerAddressAndAccount)
    const { rateLimit } = limiterWithClock()
    // As the server does: nothing more is counted once the address is refused the e-mail.
    for (let i = 0; i < 20; i++) if (!rateLimit.lockedForSeconds(room, admin)) rateLimit.recordAttempt(room, admin)
    expect(rateLimit.lockedForSeconds('203.0.113.1', admin)).toBe(0)
  })
})

it('keeps counting an e-mail at an address through a flood of 20,000 others that sweeps the memory', () => {
  const { rateLimit, advance } = limiterWithClock()
  failFrom(rateLimit, room, admin, 2)
  for (let i = 0; i < 20_000; i++) rateLimit.recordAttempt(`10.1.${i >> 8}.${i & 255}`, `made-up-${i}@x.test`)
  advance(minute)
  failFrom(rateLimit, room, admin, 1)
  expect(rateLimit.lockedForSeconds(room, admin)).toBe(240)
})
