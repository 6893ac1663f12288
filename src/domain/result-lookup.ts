import { studentMessages } from './student-messages'
import type { ResultLookupRefusal } from './student-refusals'

/** Why a results lookup shows no result: the refusals of lookup_result, plus a call that failed. */
export type LookupRefusal = ResultLookupRefusal | 'failed'

/** The results page's lookup (docs/product.md#results-and-solutions). */
export const emptyLookupCodeMessage = 'Please enter your login code'

/**
 * The results page's refusals (docs/product.md#results-and-solutions). The two expiry messages end by
 * telling the student what they can still do.
 */
export const lookupRefusalMessages: Record<LookupRefusal, string> = {
  invalid: 'Invalid login code. Please check and try again.',
  code_expired:
    'This login code has expired. Login codes are valid for 7 days only. Please contact your exam administrator if you need your result.',
  unused: 'This login code has not been used for any exam yet. Please take the exam first before viewing results.',
  no_submission:
    'No exam submission found for this login code. The submission may have been removed or there was an error during exam completion.',
  result_expired:
    'This exam result has expired. Results are available for 30 days after submission. Please contact your exam administrator if you need a copy.',
  // A submission an administrator voided (issue 15).
  withdrawn: 'Your result was withdrawn by the examiner. Please contact your exam administrator.',
  rate_limited: studentMessages.rateLimited,
  failed: 'Error retrieving exam results. Please check your login code and try again.',
}

/**
 * Refusals that a submission still waiting in this device's outbox explains: the server has
 * not seen it yet (or cannot be reached), so "not found" would be wrong. Expiries are the
 * server's final word and stay as they are.
 */
export function isExplainedByPendingSubmission(refusal: LookupRefusal): boolean {
  return refusal === 'invalid' || refusal === 'unused' || refusal === 'no_submission' || refusal === 'failed'
}
