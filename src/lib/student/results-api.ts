import { isAnswerLetter, parseQuestionContent, type AnswerLetter, type QuestionContent } from '../../domain/question'
import type { LookupRefusal } from '../../domain/result-lookup'
import type { Json } from '../api/database.types'
import { isRecord } from '../../domain/is-record'
import { getPublicApi, type PublicApi } from '../api/public-api'

export interface QuestionSolution extends QuestionContent {
  correct_answer: AnswerLetter
  /** null when the student left the question unanswered. */
  student_answer: AnswerLetter | null
  is_correct: boolean
}

export interface ExamResult {
  student_name: string
  login_code: string
  started_at: string
  submitted_at: string
  score: number
  /** The number of answers given: what the solutions page scores out of (spec §9). */
  total: number
  tab_switches: number
  time_taken: number
  /** Per-question solutions within 24 hours of submission, once the exam is over for everyone; null otherwise. */
  solutions: QuestionSolution[] | null
  /** While the solutions are held back for classmates still writing: when the exam closes for everyone. */
  solutions_release_at: string | null
}

export type ResultLookup = { outcome: 'ok'; result: ExamResult } | { outcome: LookupRefusal }

const refusals: ReadonlySet<string> = new Set<LookupRefusal>([
  'invalid',
  'code_expired',
  'unused',
  'no_submission',
  'result_expired',
  'rate_limited',
])

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
  if (!isRecord(data) || typeof data.outcome !== 'string') return { outcome: 'failed' }
  if (refusals.has(data.outcome)) return { outcome: data.outcome as LookupRefusal }
  if (data.outcome !== 'ok') return { outcome: 'failed' }
  const result = parseExamResult(data)
  return result ? { outcome: 'ok', result } : { outcome: 'failed' }
}

function parseExamResult(data: Record<string, unknown>): ExamResult | undefined {
  const { student_name, login_code, started_at, submitted_at, score, total, tab_switches, time_taken, solutions } = data
  // Absent from a server older than migration 20261124000100: nothing held.
  const solutions_release_at = data.solutions_release_at ?? null
  if (solutions_release_at !== null && typeof solutions_release_at !== 'string') return undefined
  if (typeof student_name !== 'string' || typeof login_code !== 'string') return undefined
  if (typeof started_at !== 'string' || typeof submitted_at !== 'string') return undefined
  if (typeof score !== 'number' || typeof total !== 'number') return undefined
  if (typeof tab_switches !== 'number' || typeof time_taken !== 'number') return undefined
  let parsedSolutions: QuestionSolution[] | null = null
  if (solutions !== null) {
    if (!Array.isArray(solutions)) return undefined
    parsedSolutions = []
    for (const solution of solutions) {
      const parsed = parseQuestionSolution(solution)
      if (!parsed) return undefined
      parsedSolutions.push(parsed)
    }
  }
  return {
    student_name,
    login_code,
    started_at,
    submitted_at,
    score,
    total,
    tab_switches,
    time_taken,
    solutions: parsedSolutions,
    solutions_release_at,
  }
}

function parseQuestionSolution(value: unknown): QuestionSolution | undefined {
  if (!isRecord(value)) return undefined
  const content = parseQuestionContent(value)
  const { correct_answer, student_answer, is_correct } = value
  if (!content || !isAnswerLetter(correct_answer)) return undefined
  if (student_answer !== null && !isAnswerLetter(student_answer)) return undefined
  return {
    ...content,
    correct_answer,
    student_answer,
    // SQL compares the answers, which gives null for an unanswered question.
    is_correct: is_correct === true,
  }
}
