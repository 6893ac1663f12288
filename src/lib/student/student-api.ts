import type { ActiveSchedule } from '../../domain/active-schedule'
import type { AttemptReport } from '../../domain/attempt-report'
import type { ExamQuestion } from '../../domain/exam-attempt'
import type { ExamSubmission, SubmissionReceipt, SubmissionRejection } from '../../domain/exam-submission'
import { parseQuestionContent } from '../../domain/question'
import type { Json } from '../api/database.types'
import { isRecord } from '../../domain/is-record'
import { getPublicApi, type PublicApi } from '../api/public-api'

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
  client: PublicApi = getPublicApi(),
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
  client: PublicApi = getPublicApi(),
): Promise<LoginCodeStatus> {
  let call = client.rpc('check_login_code', { code })
  if (signal) call = call.abortSignal(signal)
  const status = dataOf(await call)
  if (!isLoginCodeStatus(status)) throw new StudentApiError(`Unexpected code status ${status}.`, 200)
  return status
}

/** time_over: this code's exam was started before and its time is over. */
type ExamQuestionsRefusal =
  'invalid' | 'used' | 'exam_closed' | 'time_over' | 'no_questions' | 'no_valid_questions' | 'rate_limited'

export type ExamQuestionsAnswer =
  | {
      outcome: 'ok'
      questions: ExamQuestion[]
      durationMinutes: number
      extraMinutes: number
      /** The server's deadline for this code (ISO). */
      deadline: string
      serverNow: string
      /** Hex key for the emergency answer file of this code. */
      answerFileKey: string
    }
  | { outcome: ExamQuestionsRefusal | 'connection_error' }

const examQuestionsRefusals: readonly string[] = [
  'invalid',
  'used',
  'exam_closed',
  'time_over',
  'no_questions',
  'no_valid_questions',
  'rate_limited',
] satisfies ExamQuestionsRefusal[]

const isExamQuestionsRefusal = (outcome: string): outcome is ExamQuestionsRefusal => examQuestionsRefusals.includes(outcome)

/**
 * The exam's questions (never their answers) for an unused code while the window is open. The
 * server records the start of the attempt `attemptId` and answers with its deadline.
 */
export async function fetchExamQuestions(
  code: string,
  attemptId: string,
  studentName: string,
  client: PublicApi = getPublicApi(),
): Promise<ExamQuestionsAnswer> {
  const answer = await client.rpc('exam_questions', { code, attempt_id: attemptId, student_name: studentName })
  if (answer.error && answer.status === 0) return { outcome: 'connection_error' }
  const parsed = parseExamQuestions(dataOf(answer))
  if (!parsed) throw new StudentApiError('The exam questions arrived in an unexpected shape.', answer.status)
  return parsed
}

function parseExamQuestions(data: Json): ExamQuestionsAnswer | undefined {
  if (!isRecord(data) || typeof data.outcome !== 'string') return undefined
  if (isExamQuestionsRefusal(data.outcome)) return { outcome: data.outcome }
  const { outcome, questions, duration_minutes, extra_minutes, deadline, server_now, answer_file_key } = data
  if (outcome !== 'ok' || !Array.isArray(questions)) return undefined
  const usable: ExamQuestion[] = []
  for (const question of questions) {
    const parsed = parseExamQuestion(question)
    if (!parsed) return undefined
    usable.push(parsed)
  }
  if (
    typeof duration_minutes !== 'number' ||
    typeof extra_minutes !== 'number' ||
    typeof deadline !== 'string' ||
    Number.isNaN(Date.parse(deadline)) ||
    typeof server_now !== 'string' ||
    typeof answer_file_key !== 'string' ||
    !/^[0-9a-f]{64}$/.test(answer_file_key)
  ) {
    return undefined
  }
  return {
    outcome: 'ok',
    questions: usable,
    durationMinutes: duration_minutes,
    extraMinutes: extra_minutes,
    deadline,
    serverNow: server_now,
    answerFileKey: answer_file_key,
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
const requestTimeoutMs = 30_000

async function withTimeout<T>(call: (signal: AbortSignal) => PromiseLike<T>): Promise<T> {
  const controller = new AbortController()
  const timer = setTimeout(() => controller.abort(), requestTimeoutMs)
  try {
    return await call(controller.signal)
  } finally {
    clearTimeout(timer)
  }
}

/** No answer, a timeout, a rate limit or a server error: the same request may well succeed later. */
const worthRetrying = (status: number) => status === 0 || status === 408 || status === 429 || status >= 500

export async function sendSubmission(submission: ExamSubmission, client: PublicApi = getPublicApi()): Promise<SendResult> {
  return classifySubmitAnswer(await withTimeout((signal) => client.rpc('submit_exam', { ...submission }).abortSignal(signal)))
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
    if (worthRetrying(status)) return { kind: 'retry', error: error.message }
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

/**
 * One send of an attempt report: delivered (with the server's deadline, which moves when extra
 * time is given), dropped because the server will never take it (an attempt it does not know,
 * a closed window, a malformed report), or worth trying again later.
 */
export type ReportResult =
  { kind: 'delivered'; deadline: string } | { kind: 'dropped'; reason: string } | { kind: 'retry'; error: string }

export async function sendAttemptReport(report: AttemptReport, client: PublicApi = getPublicApi()): Promise<ReportResult> {
  return classifyReportAnswer(await withTimeout((signal) => client.rpc('report_exam_attempt', { ...report }).abortSignal(signal)))
}

export function classifyReportAnswer({ data, error, status }: SupabaseAnswer<Json>): ReportResult {
  if (error) return worthRetrying(status) ? { kind: 'retry', error: error.message } : { kind: 'dropped', reason: error.message }
  if (!isRecord(data)) return { kind: 'dropped', reason: 'the server sent an unexpected answer' }
  if (data.outcome === 'rate_limited') return { kind: 'retry', error: 'too many attempts from this network' }
  if (data.outcome === 'ok' && typeof data.deadline === 'string') return { kind: 'delivered', deadline: data.deadline }
  return { kind: 'dropped', reason: typeof data.outcome === 'string' ? data.outcome : 'the server sent an unexpected answer' }
}
