import { describe, expect, it } from 'vitest'
import {
  generateUniqueLoginCodes,
  loginCodeAlphabet,
  maxAttemptsPerCode,
  randomLoginCode,
  type RandomBytes,
} from './login-code-generator'

/** A random source that hands out the given bytes in order and counts its calls. */
function scriptedBytes(...bytes: number[]): RandomBytes & { calls: number } {
  let next = 0
  const source = Object.assign(
    (array: Uint8Array) => {
      source.calls++
      for (let i = 0; i < array.length; i++) array[i] = bytes[next++ % bytes.length] as number
      return array
    },
    { calls: 0 },
  )
  return source
}

/** Bytes that spell a code: the index of each character in the alphabet. */
const bytesOf = (code: string) => [...code].map((ch) => loginCodeAlphabet.indexOf(ch))

describe('randomLoginCode', () => {
  it('draws 8 characters of A-Z and 0-9 from crypto.getRandomValues', () => {
    const codes = Array.from({ length: 200 }, () => randomLoginCode())
    for (const code of codes) expect(code).toMatch(/^[A-Z0-9]{8}$/)
    expect(new Set(codes).size).toBe(200)
  })

  it('maps each byte to one character of the alphabet', () => {
    expect(randomLoginCode(scriptedBytes(0, 1, 25, 26, 35, 36, 61, 251))).toBe('ABZ09AZ9')
  })

  it('redraws bytes that would favour some characters', () => {
    const source = scriptedBytes(252, 255, ...bytesOf('SAFECODE'))
    expect(randomLoginCode(source)).toBe('SAFECODE')
    expect(source.calls).toBe(2)
  })
})

describe('generateUniqueLoginCodes', () => {
  it('makes the requested number of codes', () => {
    const batch = generateUniqueLoginCodes(5, [])
    expect(batch.ok && batch.codes).toHaveLength(5)
  })

  it('skips codes that exist already or were drawn earlier in the batch', () => {
    const source = scriptedBytes(...bytesOf('EXISTING'), ...bytesOf('FIRST111'), ...bytesOf('FIRST111'), ...bytesOf('SECOND22'))
    expect(generateUniqueLoginCodes(2, ['EXISTING'], source)).toEqual({ ok: true, codes: ['FIRST111', 'SECOND22'] })
  })

  it(`gives up after ${maxAttemptsPerCode} attempts with its message`, () => {
    const source = scriptedBytes(0)
    expect(generateUniqueLoginCodes(1, ['AAAAAAAA'], source)).toEqual({ ok: false, error: 'Failed to generate unique codes' })
    expect(source.calls).toBe(maxAttemptsPerCode)
  })

  it('still succeeds on the last allowed attempt', () => {
    const taken = Array.from({ length: maxAttemptsPerCode - 1 }, () => bytesOf('AAAAAAAA')).flat()
    const source = scriptedBytes(...taken, ...bytesOf('LASTCODE'))
    expect(generateUniqueLoginCodes(1, ['AAAAAAAA'], source)).toEqual({ ok: true, codes: ['LASTCODE'] })
  })
})
