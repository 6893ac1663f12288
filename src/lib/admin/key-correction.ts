import type * as v from 'valibot'
import { getSupabase } from '../api/supabase'
import { adminRequest, type AdminResult } from './admin-result'
import { parseAnswer, regradeFiguresSchema } from './rpc-answers'

/**
 * Answer-key corrections (supabase/definitions/functions/public/regrade_question.sql): a dry run
 * first, then the regrade of every submission whose exam held the question.
 */

/** The letters a corrected key accepts ('BC'), or '*' for a void question that counts for everyone. */
export type AcceptedAnswers = string

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
  return parseAnswer(reply, regradeFiguresSchema, regradeFailed)
}
