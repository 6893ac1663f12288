import * as v from 'valibot'
import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'

/**
 * Voiding a submission and restoring it (migration 20261124002010_void_submissions.sql): the
 * server keeps it stored and its code used, leaves it out of every statistic and ranking, and
 * records both in the activity log.
 */

/** What the Void dialog says when the reason is left empty: nothing is sent. */
export const voidReasonRequired = 'Please give a reason for voiding this submission'
export const maxVoidReasonLength = 500
const voidFailed = 'Failed to void the submission'
const restoreFailed = 'Failed to restore the submission'

const voidAnswerSchema = v.object({ outcome: v.picklist(['voided', 'already_voided', 'not_found']) })
const restoreAnswerSchema = v.object({ outcome: v.picklist(['restored', 'not_voided', 'not_found']) })

/** Sets a submission aside with `reason` (its text trimmed, 1 to 500 characters). */
export async function voidSubmission(id: string, reason: string): Promise<AdminResult<null>> {
  const reply = await adminRequest({ message: voidFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('void_submission', { submission_id: id, reason }),
  )
  if (!reply.ok) return reply
  const parsed = v.safeParse(voidAnswerSchema, reply.data)
  // Voided already (by another administrator) is what was asked for.
  return parsed.success && parsed.output.outcome !== 'not_found' ? { ok: true, data: null } : { ok: false, error: voidFailed }
}

/** Counts a voided submission again. */
export async function restoreSubmission(id: string): Promise<AdminResult<null>> {
  const reply = await adminRequest({ message: restoreFailed }, () =>
    getSupabase().rpc('restore_submission', { submission_id: id }),
  )
  if (!reply.ok) return reply
  const parsed = v.safeParse(restoreAnswerSchema, reply.data)
  return parsed.success && parsed.output.outcome !== 'not_found' ? { ok: true, data: null } : { ok: false, error: restoreFailed }
}
