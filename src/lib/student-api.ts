import type { ActiveSchedule } from '../domain/active-schedule'
import type { ExamQuestion } from '../domain/exam-attempt'
import type { ExamSubmission, SubmissionReceipt, SubmissionRejection } from '../domain/exam-submission'
import { parseQuestionContent } from '../domain/question'
import type { Json } from './database.types'
import { isRecord } from './is-record'
import { getSupabase, type HoldfastClient } from './supabase'

/** What supabase-js answers for every call: data, or an error with the HTTP status (0 when the network failed). */
interface SupabaseAnswer<T> {
  data: T | null
  error: { code: string; message: string } | null
  status: number
}

/** A call that got no usable answer; `status` 0 means the request never reached the server. */
export class StudentApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message)
    this.name = 'StudentApiError'
  }
}

function dataOf<T>(answer: SupabaseAnswer<T>): T {
  if (answer.error) throw new StudentApiError(answer.error.message, answer.status)
  if (answer.data === null) throw new StudentApiError('The server sent no data.', answer.status)
  return answer.data
}

/** The newest active schedule (anon may read it), or null when none is active. */
export async function readActiveSchedule(
  signal?: AbortSignal,
  client: HoldfastClient = getSupabase(),
): Promise<ActiveSchedule | null> {
  let query = client
    .from('exam_schedule')
    .select('exam_name, start_time, end_time, duration_minutes')
    .eq('is_active', true)
    .order('created_at', { ascending: false })
    .limit(1)
    // A dead network is answered from the cache rather than after supabase-js's retries.
    .retry(false)
  if (signal) query = query.abortSignal(signal)
  return dataOf(await query)[0] ?? null
}

/** rate_limited: too many invalid codes from this network lately; the code was not looked at. */
export type LoginCodeStatus = 'valid' | 'used' | 'invalid' | 'rate_limited'

const loginCodeStatuses: readonly string[] = ['valid', 'used', 'invalid', 'rate_limited'] satisfies LoginCodeStatus[]

const isLoginCodeStatus = (status: string): status is LoginCodeStatus => loginCodeStatuses.includes(status)

export async function checkLoginCode(
  code: string,
  signal?: AbortSignal,
  client: HoldfastClient = getSupabase(),
): Promise<LoginCodeStatus> {
  let call = client.rpc('check_login_code', { code })
  if (signal) call = call.abortSignal(signal)
  const status = dataOf(await call)
  if (!isLoginCodeStatus(status)) throw new StudentApiError(`Unexpected code status ${status}.`, 200)
  return status
}

type ExamQuestionsRefusal = 'invalid' | 'used' | 'exam_closed' | 'no_questions' | 'no_valid_questions' | 'rate_limited'

export type ExamQuestionsAnswer =
  | { outcome: 'ok'; questions: ExamQuestion[]; durationMinutes: number; windowEnd: string | null; serverNow: string }
  | { outcome: ExamQuestionsRefusal | 'connection_error' }

const examQuestionsRefusals: readonly string[] = [
  'invalid',
  'used',
  'exam_closed',
  'no_questions',
  'no_valid_questions',
  'rate_limited',
] satisfies ExamQuestionsRefusal[]

const isExamQuestionsRefusal = (outcome: string): outcome is ExamQuestionsRefusal => examQuestionsRefusals.includes(outcome)

/** The exam's questions (never their answers) for an unused code while the window is open. */
export async function fetchExamQuestions(code: string, client: HoldfastClient = getSupabase()): Promise<ExamQuestionsAnswer> {
  const answer = await client.rpc('exam_questions', { code })
  if (answer.error && answer.status === 0) return { outcome: 'connection_error' }
  const parsed = parseExamQuestions(dataOf(answer))
  if (!parsed) throw new StudentApiError('The exam questions arrived in an unexpected shape.', answer.status)
  return parsed
}

function parseExamQuestions(data: Json): ExamQuestionsAnswer | undefined {
  if (!isRecord(data) || typeof data.outcome !== 'string') return undefined
  if (isExamQuestionsRefusal(data.outcome)) return { outcome: data.outcome }
  const { outcome, questions, duration_minutes, window_end, server_now } = data
  if (outcome !== 'ok' || !Array.isArray(questions)) return undefined
  const usable: ExamQuestion[] = []
  for (const question of questions) {
    const parsed = parseExamQuestion(question)
    if (!parsed) return undefined
    usable.push(parsed)
  }
  if (typeof duration_minutes !== 'number' || typeof server_now !== 'string') return undefined
  if (window_end !== null && typeof window_end !== 'string') return undefined
  return {
    outcome: 'ok',
    questions: usable,
    durationMinutes: duration_minutes,
    windowEnd: window_end ?? null,
    serverNow: server_now,
  }
}

/** Only the known fields are kept, so nothing unexpected ends up stored on the device. */
function parseExamQuestion(value: unknown): ExamQuestion | undefined {
  if (!isRecord(value) || typeof value.id !== 'string') return undefined
  const content = parseQuestionContent(value)
  return content && { id: value.id, ...content }
}

/** One send of a submission: stored, refused for good, or worth trying again later. */
export type SendResult =
  | { kind: 'accepted'; receipt: SubmissionReceipt }
  | { kind: 'rejected'; rejection: SubmissionRejection }
  | { kind: 'retry'; error: string }

// A request that hangs on a half-dead network is abandoned and tried again later.
const submitTimeoutMs = 30_000

export async function sendSubmission(submission: ExamSubmission, client: HoldfastClient = getSupabase()): Promise<SendResult> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), submitTimeoutMs)
  try {
    return classifySubmitAnswer(await client.rpc('submit_exam', { ...submission }).abortSignal(controller.signal))
  } finally {
    clearTimeout(timer)
  }
}

const rejectedOutcomes: Record<string, SubmissionRejection> = {
  code_used: { reason: 'code_used' },
  invalid_code: { reason: 'invalid_code' },
  exam_over: { reason: 'exam_over' },
}

/**
 * Network failures, timeouts, rate limits and server errors are worth retrying; a policy
 * error, a business refusal or a malformed request will be answered the same way again.
 */
export function classifySubmitAnswer(answer: SupabaseAnswer<Json>): SendResult {
  const { data, error, status } = answer
  if (error) {
    if (status === 0 || status === 408 || status === 429 || status >= 500) return { kind: 'retry', error: error.message }
    if (error.code === '42501') return { kind: 'rejected', rejection: { reason: 'access_denied' } }
    return { kind: 'rejected', rejection: { reason: 'failed', detail: error.message } }
  }
  if (!isRecord(data) || typeof data.outcome !== 'string') return unexpectedAnswer()
  // Refused for this network for a few minutes, not for this submission: the outbox sends it again later.
  if (data.outcome === 'rate_limited') return { kind: 'retry', error: 'too many attempts from this network' }
  const refusal = rejectedOutcomes[data.outcome]
  if (refusal) return { kind: 'rejected', rejection: refusal }
  const { outcome, submission_id, score, total, received_at, answers_fingerprint } = data
  if (
    outcome !== 'accepted' ||
    typeof submission_id !== 'string' ||
    typeof score !== 'number' ||
    typeof total !== 'number' ||
    typeof received_at !== 'string' ||
    typeof answers_fingerprint !== 'string'
  ) {
    return unexpectedAnswer()
  }
  return {
    kind: 'accepted',
    receipt: { submissionId: submission_id, score, total, receivedAt: received_at, answersFingerprint: answers_fingerprint },
  }
}

function unexpectedAnswer(): SendResult {
  return { kind: 'rejected', rejection: { reason: 'failed', detail: 'the server sent an unexpected answer' } }
}
