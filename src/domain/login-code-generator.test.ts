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
  it('draws 8 characters of A-Z and 0-9 without O, I and L from crypto.getRandomValues', () => {
    const codes = Array.from({ length: 200 }, () => randomLoginCode())
    for (const code of codes) expect(code).toMatch(/^[A-HJKMNP-Z0-9]{8}$/)
    expect(new Set(codes).size).toBe(200)
  })

  it('maps each byte to one character of the alphabet', () => {
    expect(randomLoginCode(scriptedBytes(0, 1, 22, 23, 32, 33, 55, 230))).toBe('ABZ09AZ9')
  })

  it('redraws bytes that would favour some characters', () => {
    const source = scriptedBytes(231, 255, ...bytesOf('SAFEC0DE'))
    expect(randomLoginCode(source)).toBe('SAFEC0DE')
    expect(source.calls).toBe(2)
  })
})

describe('generateUniqueLoginCodes', () => {
  it('makes the requested number of codes', () => {
    const batch = generateUniqueLoginCodes(5, [])
    expect(batch.ok && batch.codes).toHaveLength(5)
  })

  it('skips codes that exist already or were drawn earlier in the batch', () => {
    const source = scriptedBytes(...bytesOf('EXTANT23'), ...bytesOf('FRESH111'), ...bytesOf('FRESH111'), ...bytesOf('SECUND22'))
    expect(generateUniqueLoginCodes(2, ['EXTANT23'], source)).toEqual({ ok: true, codes: ['FRESH111', 'SECUND22'] })
  })

  it('skips a code an older one printed with O, I or L would be typed as', () => {
    const source = scriptedBytes(...bytesOf('B0A1D1B0'), ...bytesOf('FRESH111'))
    expect(generateUniqueLoginCodes(1, ['BOAIDLBO'], source)).toEqual({ ok: true, codes: ['FRESH111'] })
  })

  it(`gives up after ${maxAttemptsPerCode} attempts with its message`, () => {
    const source = scriptedBytes(0)
    expect(generateUniqueLoginCodes(1, ['AAAAAAAA'], source)).toEqual({ ok: false, error: 'Failed to generate unique codes' })
    expect(source.calls).toBe(maxAttemptsPerCode)
  })

  it('still succeeds on the last allowed attempt', () => {
    const taken = Array.from({ length: maxAttemptsPerCode - 1 }, () => bytesOf('AAAAAAAA')).flat()
    const source = scriptedBytes(...taken, ...bytesOf('ENDCASE9'))
    expect(generateUniqueLoginCodes(1, ['AAAAAAAA'], source)).toEqual({ ok: true, codes: ['ENDCASE9'] })
  })
})
