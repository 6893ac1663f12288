import { sha256Hex } from './sha256'

/**
 * Answers as SQL `private.answers_canonical` writes them: "<number>:<letter>" pairs in
 * ascending question order joined by ",".
 */
export function answersCanonical(answers: Readonly<Record<string, string>>): string {
  return Object.entries(answers)
    .sort(([a], [b]) => Number(a) - Number(b))
    .map(([questionNumber, letter]) => `${questionNumber}:${letter}`)
    .join(',')
}

/**
 * A short receipt of the submitted answers, identical to SQL `public.answers_fingerprint`:
 * the canonical answers, SHA-256, first 12 hex characters. Student and admin compare it to
 * see that what arrived is what was sent.
 */
export function answersFingerprint(answers: Readonly<Record<string, string>>): string {
  return sha256Hex(answersCanonical(answers)).slice(0, 12)
}

/**
 * What the student reads under "Answer receipt: <fingerprint>", on the completion screen and on the results page
 * (docs/product.md#results-and-solutions): the same 12 characters are in the administrators' results.
 */
export const answerReceiptExplanation =
  'This code is a fingerprint of your answers. Keep it: if your result is ever questioned, it shows which answers the server received.'
