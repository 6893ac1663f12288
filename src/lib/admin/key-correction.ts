import * as v from 'valibot'
import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'

/**
 * Answer-key corrections (migration 20261124002040_regrade_after_key_correction.sql): a dry run
 * first, then the regrade of every submission whose exam held the question.
 */

/** The letters a corrected key accepts ('BC'), or '*' for a void question that counts for everyone. */
export type AcceptedAnswers = string

const count = v.pipe(v.number(), v.integer(), v.minValue(0))
const regradeFiguresSchema = v.object({
  outcome: v.picklist(['dry_run', 'applied', 'unchanged']),
  question_number: count,
  from: v.string(),
  to: v.string(),
  submissions: count,
  changed: count,
  fail_to_pass: count,
  pass_to_fail: count,
  average_before: v.nullable(v.number()),
  average_after: v.nullable(v.number()),
})
export type RegradeFigures = v.InferOutput<typeof regradeFiguresSchema>

const regradeFailed = 'Failed to regrade the submissions'

/** What correcting the key of `questionId` to `accepted` would change (`apply` false), or does. */
export async function regradeQuestion(
  questionId: string,
  accepted: AcceptedAnswers,
  apply: boolean,
): Promise<AdminResult<RegradeFigures>> {
  const reply = await adminRequest({ message: regradeFailed, preferServerMessage: true }, () =>
    getSupabase().rpc('regrade_question', { question_id: questionId, accepted, apply }),
  )
  if (!reply.ok) return reply
  const parsed = v.safeParse(regradeFiguresSchema, reply.data)
  return parsed.success ? { ok: true, data: parsed.output } : { ok: false, error: regradeFailed }
}
