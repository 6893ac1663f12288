import { createHash } from 'node:crypto'
import { expect, it } from 'vitest'
import { answersFingerprint } from './answers-fingerprint'

const expected = (canonical: string) => createHash('sha256').update(canonical).digest('hex').slice(0, 12)

it('hashes "<number>:<letter>" pairs in ascending numeric question order, keeping 12 hex characters', () => {
  expect(answersFingerprint({ '10': 'C', '2': 'B', '1': 'A' })).toBe(expected('1:A,2:B,10:C'))
})

it('does not depend on the order the answers were given in', () => {
  expect(answersFingerprint({ '3': 'D', '1': 'A' })).toBe(answersFingerprint({ '1': 'A', '3': 'D' }))
})

it('fingerprints no answers as the empty text, as the SQL function does', () => {
  expect(answersFingerprint({})).toBe('e3b0c44298fc')
})
