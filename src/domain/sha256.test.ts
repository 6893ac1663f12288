import { createHash } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from './sha256'

const nodeSha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex')

describe('sha256Hex', () => {
  it.each([
    ['', 'e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855'],
    ['abc', 'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad'],
  ])('digests %j as the standard says', (text, digest) => expect(sha256Hex(text)).toBe(digest))

  it('agrees with node:crypto across block boundaries and multi-byte characters', () => {
    const texts = Array.from({ length: 140 }, (_, length) => 'x'.repeat(length)).concat(['Ünïcødé ✓ 日本語', '1:A,2:B,10:C'])
    for (const text of texts) expect(sha256Hex(text), JSON.stringify(text)).toBe(nodeSha256(text))
  })
})
