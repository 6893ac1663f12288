import type { CodeExam, ExamSitting } from '../../domain/active-schedule'
import type { AttemptReport } from '../../domain/attempt-report'
import type { Answers, ExamQuestion } from '../../domain/exam-attempt'
import type { ExamSubmission, SubmissionReceipt, SubmissionRejection } from '../../domain/exam-submission'
import type {
  ExamQuestionsRefusal,
  inProgressElsewhere,
  LoginCodeRefusal,
  ResumeAttemptRefusal,
} from '../../domain/student-refusals'
import * as v from 'valibot'
import type { Json } from '../api/database.types'
import { getPublicApi, type PublicApi } from '../api/public-api'
import {
  attemptReportAnswerSchema,
  examQuestionsAnswerSchema,
  loginCodeStatusSchema,
  resumeAttemptAnswerSchema,
  submitExamAnswerSchema,
} from './rpc-answers'

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

/**
 * Every active sitting of an exam in use, with its exam's name and how many questions it has now: anon reads
 * the active sittings, the names of the exams not archived that have one and their sizes (public.exam_sizes).
 * A sitting whose exam is not among them (archived) is no longer offered to students, so it is left out. The
 * sizes are only facts to show: a server that cannot say them leaves them null.
 */
export async function readExamSittings(signal?: AbortSignal, client: PublicApi = getPublicApi()): Promise<ExamSitting[]> {
  // A dead network is answered from the cache rather than after supabase-js's retries.
  let sittingsQuery = client
    .from('exam_schedule')
    .select('exam_id, exam_name, start_time, end_time, duration_minutes, created_at')
    .eq('is_active', true)
    .order('created_at', { ascending: false })
    .retry(false)
  let examsQuery = client.from('exams').select('id, name').retry(false)
  let sizesQuery = client.rpc('exam_sizes').retry(false)
  if (signal) {
    sittingsQuery = sittingsQuery.abortSignal(signal)
    examsQuery = examsQuery.abortSignal(signal)
    sizesQuery = sizesQuery.abortSignal(signal)
  }
  const [sittings, exams, sizes] = await Promise.all([sittingsQuery, examsQuery, sizesQuery])
  const examNames = new Map(dataOf(exams).map((exam) => [exam.id, exam.name]))
  const questionCounts = new Map((sizes.error ? [] : (sizes.data ?? [])).map((size) => [size.exam_id, size.question_count]))
  return dataOf(sittings).flatMap((sitting) => {
    const exam = examNames.get(sitting.exam_id)
    return exam === undefined ? [] : [{ ...sitting, exam, question_count: questionCounts.get(sitting.exam_id) ?? null }]
  })
}

/** The code's status, or why the server would not say (domain/student-refusals.ts). */
export type LoginCodeStatus = 'valid' | typeof inProgressElsewhere | LoginCodeRefusal

/** The code's status and, for a code that exists and is not used, its exam (null when the server did not say). */
export interface LoginCodeCheck {
  outcome: LoginCodeStatus
  /** The code as the server stores it (the typed one is found by its key), for a code that exists; null when not said. */
  loginCode: string | null
  exam: CodeExam | null
}

export async function checkLoginCode(
  code: string,
  signal?: AbortSignal,
  client: PublicApi = getPublicApi(),
): Promise<LoginCodeCheck> {
  let call = client.rpc('check_login_code', { code })
  if (signal) call = call.abortSignal(signal)
  const status = dataOf(await call)
  const parsed = v.safeParse(loginCodeStatusSchema, status)
  if (!parsed.success) throw new StudentApiError(`Unexpected code status ${JSON.stringify(status)}.`, 200)
  const { outcome, exam, login_code: loginCode } = parsed.output
  if (!exam) return { outcome, loginCode, exam: null }
  if (!exam.sitting) return { outcome, loginCode, exam: { name: exam.name, sitting: null } }
  const { name, ...window } = exam.sitting
  return { outcome, loginCode, exam: { name: exam.name, sitting: { exam_name: name, ...window } } }
}

/** The exam as the server serves it to an attempt: exam_questions on ok, and resume_exam_attempt with it. */
export interface ServedExam {
  questions: ExamQuestion[]
  durationMinutes: number
  extraMinutes: number
  /** The server's deadline for this code (ISO). */
  deadline: string
  serverNow: string
  /** Hex key for the emergency answer file of this code. */
  answerFileKey: string
  /** The code's exam; null from a server before several exams. */
  examName: string | null
  /** The code as the server stores it, which the attempt keeps (answer-file tags are computed over it); null when not said. */
  loginCode: string | null
}

export type ExamQuestionsAnswer =
  ({ outcome: 'ok' } & ServedExam) | { outcome: ExamQuestionsRefusal | typeof inProgressElsewhere | 'connection_error' }

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
  const parsed = v.safeParse(examQuestionsAnswerSchema, dataOf(answer))
  if (!parsed.success) throw new StudentApiError('The exam questions arrived in an unexpected shape.', answer.status)
  const served = parsed.output
  return served.outcome === 'ok' ? { outcome: 'ok', ...servedExam(served) } : { outcome: served.outcome }
}

function servedExam(answer: v.InferOutput<typeof examQuestionsAnswerSchema> & { outcome: 'ok' }): ServedExam {
  return {
    questions: answer.questions,
    durationMinutes: answer.duration_minutes,
    extraMinutes: answer.extra_minutes,
    deadline: answer.deadline,
    serverNow: answer.server_now,
    answerFileKey: answer.answer_file_key,
    examName: answer.exam_name ?? null,
    loginCode: answer.login_code,
  }
}

export type ResumeAttemptAnswer =
  | ({
      outcome: 'ok'
      studentName: string
      /** The server's copy: answers by question number, flags, and when it was reported (ISO; null when nothing was). */
      restored: { answers: Answers; flags: number[]; savedAt: string | null }
    } & ServedExam)
  | { outcome: ResumeAttemptRefusal | 'connection_error' }

/**
 * Resumes, as the attempt `attemptId` on this device, the code's exam in progress on another device,
 * with the resume PIN the proctor gave (spaces allowed, as the student may type them).
 */
export async function resumeExamAttempt(
  code: string,
  pin: string,
  attemptId: string,
  client: PublicApi = getPublicApi(),
): Promise<ResumeAttemptAnswer> {
  const answer = await client.rpc('resume_exam_attempt', { code, pin, attempt_id: attemptId })
  if (answer.error && answer.status === 0) return { outcome: 'connection_error' }
  const parsed = v.safeParse(resumeAttemptAnswerSchema, dataOf(answer))
  if (!parsed.success) throw new StudentApiError('The resumed exam arrived in an unexpected shape.', answer.status)
  const resumed = parsed.output
  if (resumed.outcome !== 'ok') return { outcome: resumed.outcome }
  const { answers, flags, saved_at } = resumed.restored
  return {
    outcome: 'ok',
    ...servedExam(resumed),
    studentName: resumed.student_name,
    restored: { answers, flags, savedAt: saved_at },
  }
}

/** One send of a submission: stored, refused for good, or worth trying again later. */
export type SendResult =
  | { kind: 'accepted'; receipt: SubmissionReceipt }
  | { kind: 'rejected'; rejection: SubmissionRejection }
  /** `status`: the HTTP status the server answered with, 0 when no answer came (offline, timed out). */
  | { kind: 'retry'; error: string; status: number }

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

/**
 * Network failures, timeouts, rate limits and server errors are worth retrying; a policy
 * error, a business refusal or a malformed request will be answered the same way again.
 */
export function classifySubmitAnswer(answer: SupabaseAnswer<Json>): SendResult {
  const { data, error, status } = answer
  if (error) {
    if (worthRetrying(status)) return { kind: 'retry', error: error.message, status }
    if (error.code === '42501') return { kind: 'rejected', rejection: { reason: 'access_denied' } }
    return { kind: 'rejected', rejection: { reason: 'failed', detail: error.message } }
  }
  const parsed = v.safeParse(submitExamAnswerSchema, data)
  if (!parsed.success) return unexpectedAnswer()
  const submitted = parsed.output
  // Refused for this network for a few minutes, not for this submission: the outbox sends it again later.
  if (submitted.outcome === 'rate_limited') return { kind: 'retry', error: 'too many attempts from this network', status }
  if (submitted.outcome !== 'accepted') return { kind: 'rejected', rejection: { reason: submitted.outcome } }
  const { submission_id, score, total, received_at, answers_fingerprint } = submitted
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
 * time is given), the attempt moved to another device (nothing more is reported), dropped because
 * the server will never take it (an attempt it does not know, a closed window, a malformed report),
 * or worth trying again later.
 */
export type ReportResult =
  | { kind: 'delivered'; deadline: string }
  | { kind: 'moved'; movedAt: string }
  | { kind: 'dropped'; reason: string }
  | { kind: 'retry'; error: string }

export async function sendAttemptReport(report: AttemptReport, client: PublicApi = getPublicApi()): Promise<ReportResult> {
  // Unknown persistence is left out (the argument's default, null), as a report stored by an older app leaves it out.
  const { storage_persistent, ...progress } = report
  const args = { ...progress, storage_persistent: storage_persistent ?? undefined }
  return classifyReportAnswer(await withTimeout((signal) => client.rpc('report_exam_attempt', args).abortSignal(signal)))
}

export function classifyReportAnswer({ data, error, status }: SupabaseAnswer<Json>): ReportResult {
  if (error) return worthRetrying(status) ? { kind: 'retry', error: error.message } : { kind: 'dropped', reason: error.message }
  const parsed = v.safeParse(attemptReportAnswerSchema, data)
  if (!parsed.success) return { kind: 'dropped', reason: 'the server sent an unexpected answer' }
  const answer = parsed.output
  if (answer.outcome === 'rate_limited') return { kind: 'retry', error: 'too many attempts from this network' }
  if (answer.outcome === 'ok') return { kind: 'delivered', deadline: answer.deadline }
  if (answer.outcome === 'moved') return { kind: 'moved', movedAt: answer.moved_at }
  return { kind: 'dropped', reason: answer.outcome }
}
