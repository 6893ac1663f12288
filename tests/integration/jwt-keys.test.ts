import { afterEach, describe, expect, it, vi } from 'vitest'
import { JwtRejected, jwtKeysFromSecret, maxRememberedTokens, rememberingVerified } from '../../supabase/local/keys.ts'

const secret = 'a-test-secret-of-at-least-thirty-two-characters'

afterEach(() => {
  vi.useRealTimers()
})

async function rejection(promise: Promise<unknown>): Promise<JwtRejected> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  )
  expect(error).toBeInstanceOf(JwtRejected)
  return error as JwtRejected
}

describe('verified tokens remembered by the stack', () => {
  it('accepts a token again with the same claims', async () => {
    const keys = await jwtKeysFromSecret(secret)
    const first = await keys.verify(keys.anonKey)
    expect(first.role).toBe('anon')
    expect(await keys.verify(keys.anonKey)).toEqual(first)
  })

  it('refuses a remembered token once its expiry has passed, as an expired token', async () => {
    vi.useFakeTimers({ toFake: ['Date'] })
    vi.setSystemTime(new Date('2026-11-24T09:00:00Z'))
    const keys = await jwtKeysFromSecret(secret)
    const token = await keys.sign({ role: 'authenticated', sub: 'a6c1f2de-0000-4000-8000-000000000001' }, 60)
    expect((await keys.verify(token)).role).toBe('authenticated')
    vi.setSystemTime(new Date('2026-11-24T09:00:59Z'))
    expect((await keys.verify(token)).role).toBe('authenticated')
    vi.setSystemTime(new Date('2026-11-24T09:01:00Z'))
    expect((await rejection(keys.verify(token))).expired).toBe(true)
    expect((await rejection(keys.verify(token))).expired).toBe(true)
  })

  it('refuses a token whose signature or claims were changed while the real one is remembered', async () => {
    const keys = await jwtKeysFromSecret(secret)
    const token = await keys.sign({ role: 'authenticated' }, 3600)
    await keys.verify(token)
    const [header, payload, signature] = token.split('.') as [string, string, string]
    const otherSignature = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`
    const serviceClaims = Buffer.from(JSON.stringify({ role: 'service_role', exp: 9_999_999_999 })).toString('base64url')
    for (const forged of [`${header}.${payload}.${otherSignature}`, `${header}.${serviceClaims}.${signature}`]) {
      expect((await rejection(keys.verify(forged))).expired).toBe(false)
    }
    const otherStack = await jwtKeysFromSecret(`${secret}-other`)
    expect((await rejection(otherStack.verify(token))).expired).toBe(false)
  })

  it('hands out claims that no request can change for the next', async () => {
    const keys = await jwtKeysFromSecret(secret)
    const token = await keys.sign({ role: 'authenticated', app_metadata: { provider: 'email' } }, 3600)
    const claims = await keys.verify(token)
    expect(() => Object.assign(claims, { role: 'service_role' })).toThrow(TypeError)
    expect(() => Object.assign(claims.app_metadata as object, { provider: 'forged' })).toThrow(TypeError)
    expect(await keys.verify(token)).toMatchObject({ role: 'authenticated', app_metadata: { provider: 'email' } })
  })

  it('verifies each token once until it is pushed out by newer ones, then again', async () => {
    const verify = vi.fn(async (token: string) => ({ role: 'anon', token }))
    const remembering = rememberingVerified(verify)
    await remembering('first')
    await remembering('first')
    expect(verify).toHaveBeenCalledTimes(1)
    for (let i = 0; i < maxRememberedTokens; i++) await remembering(`other ${i}`)
    await remembering('first')
    expect(verify).toHaveBeenCalledTimes(maxRememberedTokens + 2)
  })

  it('remembers no token it refused', async () => {
    const verify = vi.fn(async () => {
      throw new JwtRejected('invalid signature', false)
    })
    const remembering = rememberingVerified(verify)
    await rejection(remembering('forged'))
    await rejection(remembering('forged'))
    expect(verify).toHaveBeenCalledTimes(2)
  })
})
