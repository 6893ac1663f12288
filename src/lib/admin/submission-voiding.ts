import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'
import { parseAnswer, restoreAnswerSchema, voidAnswerSchema } from './rpc-answers'

/**
 * Voiding a submission and restoring it (supabase/definitions/functions/public/void_submission.sql and restore_submission.sql): the
 * server keeps it stored and its code used, leaves it out of every statistic and ranking, and
 * records both in the activity log.
 */

/** What the Void dialog says when the reason is left empty: nothing is sent. */
export const voidReasonRequired = 'Please give a reason for voiding this submission'
export const maxVoidReasonLength = 500
const voidFailed = 'Failed to void the submission'
const restoreFailed = 'Failed to restore the submission'

/** Sets a submission aside with `reason` (its text trimmed, 1 to 500 characters). */
export async function voidSubmission(id: string, reason: string): Promise<AdminResult<null>> {
  const reply = await adminRequest({ message: voidFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('void_submission', { submission_id: id, reason }),
  )
  const answer = parseAnswer(reply, voidAnswerSchema, voidFailed)
  if (!answer.ok) return answer
  // Voided already (by another administrator) is what was asked for.
  return answer.data.outcome !== 'not_found' ? { ok: true, data: null } : { ok: false, error: voidFailed }
}

/** Counts a voided submission again. */
export async function restoreSubmission(id: string): Promise<AdminResult<null>> {
  const reply = await adminRequest({ message: restoreFailed }, () =>
    getSupabase().rpc('restore_submission', { submission_id: id }),
  )
  const answer = parseAnswer(reply, restoreAnswerSchema, restoreFailed)
  if (!answer.ok) return answer
  return answer.data.outcome !== 'not_found' ? { ok: true, data: null } : { ok: false, error: restoreFailed }
}
