import { examDeadline } from './exam-deadline'
import type { AnswerLetter, QuestionContent } from './question'

/** A question as students receive it: never with its correct answer. */
export interface ExamQuestion extends QuestionContent {
  id: string
}

/** Chosen letter by question number (as a string key, the way submissions store answers). */
export type Answers = Record<string, AnswerLetter>

/**
 * One exam taken on this device. Times are milliseconds on the device clock;
 * `serverOffsetMs` (server clock minus device clock, measured when the questions arrived)
 * turns them into server times for the submission.
 */
export interface ExamAttempt {
  /** Also the submission id, so a resend is recognised by the server. */
  id: string
  loginCode: string
  studentName: string
  questions: ExamQuestion[]
  answers: Answers
  currentIndex: number
  tabSwitches: number
  startedAt: number
  durationSeconds: number
  windowEnd: number | null
  deadline: number
  serverOffsetMs: number
  status: 'in_progress' | 'submitted'
  submittedAt: number | null
}

export interface NewAttempt {
  id: string
  loginCode: string
  studentName: string
  questions: ExamQuestion[]
  startedAt: number
  durationMinutes: number
  /** The window's end as the server reported it (ISO), or null without a schedule. */
  windowEndIso: string | null
  serverOffsetMs: number
}

export function startAttempt(fields: NewAttempt): ExamAttempt {
  const durationSeconds = fields.durationMinutes * 60
  const windowEnd = fields.windowEndIso === null ? null : Date.parse(fields.windowEndIso) - fields.serverOffsetMs
  return {
    id: fields.id,
    loginCode: fields.loginCode,
    studentName: fields.studentName,
    questions: fields.questions,
    answers: {},
    currentIndex: 0,
    tabSwitches: 0,
    startedAt: fields.startedAt,
    durationSeconds,
    windowEnd,
    deadline: examDeadline({ startedAt: fields.startedAt, durationSeconds, windowEnd }),
    serverOffsetMs: fields.serverOffsetMs,
    status: 'in_progress',
    submittedAt: null,
  }
}

export function answeredCount(attempt: Pick<ExamAttempt, 'questions' | 'answers'>): number {
  return attempt.questions.filter((question) => attempt.answers[String(question.question_number)] !== undefined).length
}

export function allQuestionsAnswered(attempt: Pick<ExamAttempt, 'questions' | 'answers'>): boolean {
  return answeredCount(attempt) === attempt.questions.length
}
