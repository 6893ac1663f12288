import { describe, expect, it } from 'vitest'
import { emptyLookupCodeMessage, isExplainedByPendingSubmission, lookupRefusalMessages } from './result-lookup'

describe('lookup refusal messages', () => {
  it("uses the results page's texts for every outcome", () => {
    expect(lookupRefusalMessages).toEqual({
      invalid: 'Invalid login code. Please check and try again.',
      code_expired: expect.stringMatching(/^This login code has expired\. Login codes are valid for 7 days only\. \S/),
      unused: 'This login code has not been used for any exam yet. Please take the exam first before viewing results.',
      no_submission:
        'No exam submission found for this login code. The submission may have been removed or there was an error during exam completion.',
      result_expired: expect.stringMatching(
        /^This exam result has expired\. Results are available for 30 days after submission\. \S/,
      ),
      withdrawn: 'Your result was withdrawn by the examiner. Please contact your exam administrator.',
      rate_limited: 'Too many wrong login codes from this browser or network. Please wait a few minutes and try again.',
      failed: 'Error retrieving exam results. Please check your login code and try again.',
    })
    expect(emptyLookupCodeMessage).toBe('Please enter your login code')
  })

  it.each([
    ['invalid', true],
    ['unused', true],
    ['no_submission', true],
    ['failed', true],
    ['code_expired', false],
    ['result_expired', false],
    ['withdrawn', false],
    ['rate_limited', false],
  ] as const)('a pending submission explains "%s": %s', (refusal, explained) => {
    expect(isExplainedByPendingSubmission(refusal)).toBe(explained)
  })
})
