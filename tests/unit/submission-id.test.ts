import { afterEach, expect, it, vi } from 'vitest'
import { newSubmissionId } from '../../src/lib/offline/submission-id'

const uuidV4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/

afterEach(() => vi.unstubAllGlobals())

it('makes version 4 UUIDs', () => {
  expect(newSubmissionId()).toMatch(uuidV4)
})

it('still makes them where crypto.randomUUID is missing, as on plain http', () => {
  const realCrypto = globalThis.crypto
  vi.stubGlobal('crypto', { getRandomValues: <T extends ArrayBufferView>(array: T) => realCrypto.getRandomValues(array) })
  const ids = new Set(Array.from({ length: 50 }, newSubmissionId))
  expect(ids.size).toBe(50)
  for (const id of ids) expect(id).toMatch(uuidV4)
})
