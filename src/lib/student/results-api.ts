import * as v from 'valibot'
import type { LookupRefusal } from '../../domain/result-lookup'
import type { Json } from '../api/database.types'
import { getPublicApi, type PublicApi } from '../api/public-api'
import { resultLookupAnswerSchema, type QuestionSolution } from './rpc-answers'

export type { QuestionSolution }

type LookupAnswer = v.InferOutput<typeof resultLookupAnswerSchema>

/** A found result: lookup_result's answer without its outcome. */
export type ExamResult = Omit<Extract<LookupAnswer, { outcome: 'ok' }>, 'outcome'>

export type ResultLookup = { outcome: 'ok'; result: ExamResult } | { outcome: LookupRefusal }

/** The lookup_result RPC for a normalised login code. A failed call or an answer of an unknown shape is `failed`. */
export async function lookupResult(code: string, client: PublicApi = getPublicApi()): Promise<ResultLookup> {
  try {
    const { data, error } = await client.rpc('lookup_result', { code })
    if (error) return { outcome: 'failed' }
    return parseResultLookup(data)
  } catch {
    // supabase-js reports most failures as `error`, but a dead network can still throw.
    return { outcome: 'failed' }
  }
}

export function parseResultLookup(data: Json): ResultLookup {
  const parsed = v.safeParse(resultLookupAnswerSchema, data)
  if (!parsed.success) return { outcome: 'failed' }
  const answer = parsed.output
  if (answer.outcome !== 'ok') return { outcome: answer.outcome }
  const { outcome, ...result } = answer
  return { outcome, result }
}
