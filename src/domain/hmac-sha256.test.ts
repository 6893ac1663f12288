import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { hexToBytes, hmacSha256Hex } from './hmac-sha256'
import { bytesToHex } from './sha256'

describe('hmacSha256Hex', () => {
  it('gives the RFC 4231 results', () => {
    // Test cases 1, 2 and 6 (a key longer than a block).
    expect(hmacSha256Hex(new Uint8Array(20).fill(0x0b), 'Hi There')).toBe(
      'b0344c61d8db38535ca8afceaf0bf12b881dc200c9833da726e9376c2e32cff7',
    )
    expect(hmacSha256Hex(new TextEncoder().encode('Jefe'), 'what do ya want for nothing?')).toBe(
      '5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843',
    )
    expect(hmacSha256Hex(new Uint8Array(131).fill(0xaa), 'Test Using Larger Than Block-Size Key - Hash Key First')).toBe(
      '60e431591ee0b67f0d8a26aacbf5b77f8e0bc6213728c5140546040f0ee37f54',
    )
  })

  it('agrees with node:crypto for 32-byte keys and messages across block boundaries and in any script', () => {
    const key = Uint8Array.from({ length: 32 }, (_, i) => (i * 37 + 11) % 256)
    const messages = Array.from({ length: 140 }, (_, length) => 'x'.repeat(length)).concat(['Zoë Ødegaard\n1:A', '日本語 ✓'])
    for (const message of messages) {
      expect(hmacSha256Hex(key, message), JSON.stringify(message)).toBe(createHmac('sha256', key).update(message).digest('hex'))
    }
  })
})

describe('hexToBytes', () => {
  it('reads hex of either case back into the bytes it spells', () => {
    expect(bytesToHex(hexToBytes('00ff10AB'))).toBe('00ff10ab')
    expect(hexToBytes('')).toEqual(new Uint8Array())
  })

  it.each(['abc', 'zz', '0x12'])('refuses %j', (text) => expect(() => hexToBytes(text)).toThrow('not a hex string'))
})
