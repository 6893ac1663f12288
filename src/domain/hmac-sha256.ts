import { hmac } from '@noble/hashes/hmac.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

/**
 * HMAC-SHA256 (RFC 2104) of the UTF-8 bytes of `message` under `key`, as 64 lower-case hex
 * characters. From @noble/hashes, synchronous and without crypto.subtle, which is missing on a
 * classroom network served over plain http, where an answer file is needed most.
 */
export function hmacSha256Hex(key: Uint8Array, message: string): string {
  return bytesToHex(hmac(sha256, key, utf8ToBytes(message)))
}

/** The bytes of a hex string such as a key the server sent; throws on anything else. */
export function hexToBytes(hex: string): Uint8Array {
  if (!/^(?:[0-9a-f]{2})*$/i.test(hex)) throw new Error('not a hex string')
  return Uint8Array.from(hex.match(/../g) ?? [], (pair) => parseInt(pair, 16))
}
