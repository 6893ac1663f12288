// The student functions' refusals, as their SQL spells them (supabase/schema.sql): declared once here and
// taken by the answer schemas (lib/student/rpc-answers.ts), the API layer and the student flow machine.
// tests/integration/rpc-answer-schemas.test.ts reaches each function's every refusal against the real SQL.

/** Every word a student function answers with when it refuses. */
export const studentRefusals = [
  /** No such login code (a report: no such attempt of the code). */
  'invalid',
  /** The code has been used by a submission. */
  'used',
  /** The exam window (moved by the code's extra minutes) is not open, or the attempt's time is over. */
  'exam_closed',
  /** This code's exam was started before and its time is over (docs/product.md#exam-window-and-time). */
  'time_over',
  /** The question bank is empty. */
  'no_questions',
  /** The question bank holds no multiple-choice question. */
  'no_valid_questions',
  /** Too many wrong codes from this browser or network lately; the call was not looked at. */
  'rate_limited',
  /** A submission: its code has been used by another submission. */
  'code_used',
  /** A submission: no such login code. */
  'invalid_code',
  /** A submission: made after the code's deadline. */
  'exam_over',
  /** A submission: the server has no record of the code starting the exam (supabase/definitions/functions/private/claim_login_code.sql). */
  'not_started',
  /** A results lookup: the code is older than 7 days. */
  'code_expired',
  /** A results lookup: the code was never used. */
  'unused',
  /** A results lookup: the code is used but holds no submission. */
  'no_submission',
  /** A results lookup: the submission is older than 30 days. */
  'result_expired',
  /** A results lookup: an administrator voided the submission. */
  'withdrawn',
  /** A resume: no unexpired, unused resume PIN of this code matches. */
  'wrong_pin',
  /** A resume: the code has no attempt in progress to resume. */
  'not_in_progress',
] as const

export type StudentRefusal = (typeof studentRefusals)[number]

/**
 * Not a refusal: the code's exam is in progress on another device (a live attempt), so this device
 * asks for the proctor's resume PIN (check_login_code, exam_questions; issue 26).
 */
export const inProgressElsewhere = 'in_progress_elsewhere'

/** check_login_code's refusals (it answers 'valid' or in_progress_elsewhere otherwise). */
export const loginCodeRefusals = ['used', 'invalid', 'exam_closed', 'rate_limited'] as const satisfies readonly StudentRefusal[]
export type LoginCodeRefusal = (typeof loginCodeRefusals)[number]

/** exam_questions' refusals. */
export const examQuestionsRefusals = [
  'invalid',
  'used',
  'exam_closed',
  'time_over',
  'no_questions',
  'no_valid_questions',
  'rate_limited',
] as const satisfies readonly StudentRefusal[]
export type ExamQuestionsRefusal = (typeof examQuestionsRefusals)[number]

/** submit_exam's refusals. */
export const submitExamRefusals = [
  'code_used',
  'invalid_code',
  'exam_over',
  'not_started',
  'rate_limited',
] as const satisfies readonly StudentRefusal[]
export type SubmitExamRefusal = (typeof submitExamRefusals)[number]

/** resume_exam_attempt's refusals. */
export const resumeAttemptRefusals = [
  'wrong_pin',
  'invalid',
  'used',
  'time_over',
  'not_in_progress',
  'rate_limited',
] as const satisfies readonly StudentRefusal[]
export type ResumeAttemptRefusal = (typeof resumeAttemptRefusals)[number]

/** report_exam_attempt's refusals. */
export const attemptReportRefusals = ['invalid', 'exam_closed', 'rate_limited'] as const satisfies readonly StudentRefusal[]
export type AttemptReportRefusal = (typeof attemptReportRefusals)[number]

/** lookup_result's refusals. */
export const resultLookupRefusals = [
  'invalid',
  'code_expired',
  'unused',
  'no_submission',
  'result_expired',
  'withdrawn',
  'rate_limited',
] as const satisfies readonly StudentRefusal[]
export type ResultLookupRefusal = (typeof resultLookupRefusals)[number]
