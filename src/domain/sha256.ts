// SHA-256 from @noble/hashes (audited): crypto.subtle exists only in secure contexts, and a
// classroom served over plain http on the local network is not one. Synchronous, so a
// fingerprint can be computed inside a Dexie transaction.
import { sha256 } from '@noble/hashes/sha2.js'
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js'

export { bytesToHex }

/** The SHA-256 digest of the UTF-8 bytes of `text`, as 64 lower-case hex characters. */
export function sha256Hex(text: string): string {
  return bytesToHex(sha256(utf8ToBytes(text)))
}
