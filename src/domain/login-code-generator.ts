import { loginCodeKey } from './login-code'

/**
 * Login codes are 8 characters of A-Z and 0-9 without the look-alikes O, I and L (docs/product.md#login-codes):
 * nobody mistypes 0 for O or 1 for I. A deliberate change from the spec's A-Z and 0-9 (docs/architecture.md).
 */
export const loginCodeAlphabet = 'ABCDEFGHJKMNPQRSTUVWXYZ0123456789'
const loginCodeLength = 8
/** At most this many draws per code before giving up. */
export const maxAttemptsPerCode = 100
const generationFailedMessage = 'Failed to generate unique codes'

/** Fills the array with random bytes; `crypto.getRandomValues` in the app, a fake in tests. */
export type RandomBytes = (bytes: Uint8Array) => Uint8Array

export const cryptoRandomBytes: RandomBytes = (bytes) => crypto.getRandomValues(bytes)

// 231 = 7 × 33: bytes at or above it are redrawn so that every character is equally likely.
const unbiasedByteLimit = Math.floor(256 / loginCodeAlphabet.length) * loginCodeAlphabet.length

/** One random code; each attempt draws one batch of bytes and only redraws the rare biased ones. */
export function randomLoginCode(random: RandomBytes = cryptoRandomBytes): string {
  let code = ''
  while (code.length < loginCodeLength) {
    for (const byte of random(new Uint8Array(loginCodeLength - code.length))) {
      if (byte < unbiasedByteLimit) code += loginCodeAlphabet[byte % loginCodeAlphabet.length]
    }
  }
  return code
}

export type LoginCodeBatch = { ok: true; codes: string[] } | { ok: false; error: string }

/**
 * `count` new codes, each different from the existing ones and from the rest of the batch, as the server finds
 * them: by their key, so no new code can be mistaken for an older one printed with O, I or L.
 */
export function generateUniqueLoginCodes(
  count: number,
  existingCodes: Iterable<string>,
  random: RandomBytes = cryptoRandomBytes,
): LoginCodeBatch {
  const taken = new Set(Array.from(existingCodes, loginCodeKey))
  const codes: string[] = []
  for (let i = 0; i < count; i++) {
    let code: string | undefined
    for (let attempt = 0; attempt < maxAttemptsPerCode && code === undefined; attempt++) {
      const candidate = randomLoginCode(random)
      if (!taken.has(candidate)) code = candidate
    }
    if (code === undefined) return { ok: false, error: generationFailedMessage }
    taken.add(code)
    codes.push(code)
  }
  return { ok: true, codes }
}
