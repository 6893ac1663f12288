import type { Answers, ExamAttempt } from './exam-attempt'
import type { SubmitExamRefusal } from './student-refusals'

/** The arguments of the `submit_exam` RPC. */
export interface ExamSubmission {
  submission_id: string
  code: string
  student_name: string
  answers: Answers
  tab_switches: number
  time_taken: number
  started_at: string
  submitted_at: string
}

/** What the server stored, as `submit_exam` reports it. */
export interface SubmissionReceipt {
  submissionId: string
  score: number
  /** The questions the exam served (50 in a full exam): what every screen scores out of. */
  total: number
  receivedAt: string
  answersFingerprint: string
}

/**
 * Why the server definitively refused a submission: submit_exam's refusals (student-refusals.ts) but
 * rate_limited, which is tried again later; access_denied; or `failed`, with the server's reason.
 */
export type SubmissionRejection =
  { reason: Exclude<SubmitExamRefusal, 'rate_limited'> | 'access_denied' } | { reason: 'failed'; detail: string }

/**
 * Why the latest send of a submission still waiting failed: no answer came (offline, timed out),
 * or the server answered with an error worth retrying, `reason` being what it said.
 */
export type SendFailure = { kind: 'network' } | { kind: 'server'; reason: string }

/** Where a submission stands, for the completion screen; `lastFailure` is null before the first send fails. */
export type SubmissionStatus =
  | { state: 'pending'; fingerprint: string; sendCount: number; lastFailure: SendFailure | null }
  | { state: 'accepted'; fingerprint: string; receipt: SubmissionReceipt }
  | { state: 'rejected'; fingerprint: string; rejection: SubmissionRejection }

/**
 * The submission of a finished attempt. Times go to the server on the server's clock;
 * time taken is the time actually spent, at most the exam's duration.
 */
export function buildSubmission(attempt: ExamAttempt, submittedAt: number): ExamSubmission {
  const spentSeconds = Math.round((submittedAt - attempt.startedAt) / 1000)
  return {
    submission_id: attempt.id,
    code: attempt.loginCode,
    student_name: attempt.studentName,
    answers: { ...attempt.answers },
    tab_switches: attempt.tabSwitches,
    time_taken: Math.min(attempt.durationSeconds, Math.max(0, spentSeconds)),
    started_at: new Date(attempt.startedAt + attempt.serverOffsetMs).toISOString(),
    submitted_at: new Date(submittedAt + attempt.serverOffsetMs).toISOString(),
  }
}
