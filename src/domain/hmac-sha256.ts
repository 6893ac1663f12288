import { bytesToHex, sha256 } from './sha256'

const blockSize = 64

/**
 * HMAC-SHA256 (RFC 2104) of the UTF-8 bytes of `message` under `key`, as 64 lower-case hex
 * characters. Built on our own SHA-256 for the same reason as it: crypto.subtle is missing on
 * a classroom network served over plain http, where an answer file is needed most.
 */
export function hmacSha256Hex(key: Uint8Array, message: string): string {
  const blockKey = new Uint8Array(blockSize)
  blockKey.set(key.length > blockSize ? sha256(key) : key)
  const messageBytes = new TextEncoder().encode(message)
  const inner = new Uint8Array(blockSize + messageBytes.length)
  inner.set(blockKey.map((byte) => byte ^ 0x36))
  inner.set(messageBytes, blockSize)
  const outer = new Uint8Array(blockSize + 32)
  outer.set(blockKey.map((byte) => byte ^ 0x5c))
  outer.set(sha256(inner), blockSize)
  return bytesToHex(sha256(outer))
}

/** The bytes of a hex string such as a key the server sent; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string')
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16))
}
