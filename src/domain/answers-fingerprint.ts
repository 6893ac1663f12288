import { sha256Hex } from './sha256'

/**
 * A short receipt of the submitted answers, identical to SQL `public.answers_fingerprint`:
 * "<number>:<letter>" pairs in ascending question order joined by ",", SHA-256, first 12 hex
 * characters. Student and admin compare it to see that what arrived is what was sent.
 */
export function answersFingerprint(answers: Readonly<Record<string, string>>): string {
  const canonical = Object.entries(answers)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([questionNumber, letter]) => `${questionNumber}:${letter}`)
    .join(',')
  return sha256Hex(canonical).slice(0, 12)
}
