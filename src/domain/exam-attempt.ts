import type { AnswerLetter, QuestionContent } from './question'

/**
 * A question as students receive it: never with its correct answer. The attempt's questions are
 * in the order the student sees them; `option_order` is the original letters in the order shown
 * (absent on an attempt stored before options were shuffled: 'ABCD').
 */
export interface ExamQuestion extends QuestionContent {
  id: string
  option_order?: string
}

/** Chosen letter by question number (as a string key, the way submissions store answers). */
export type Answers = Record<string, AnswerLetter>

/**
 * One exam taken on this device. Times are milliseconds on the device clock;
 * `serverOffsetMs` (server clock minus device clock, measured when the questions arrived)
 * turns them into server times for the submission and back.
 */
export interface ExamAttempt {
  /** Also the submission id, so a resend is recognised by the server. */
  id: string
  loginCode: string
  studentName: string
  questions: ExamQuestion[]
  answers: Answers
  /** Question numbers flagged "Review later", ascending (an attempt stored before flags gets [] from the database upgrade). */
  flags: number[]
  currentIndex: number
  tabSwitches: number
  startedAt: number
  /** The exam's duration with the student's extra minutes: the most time_taken can be. */
  durationSeconds: number
  /** The server's deadline for the code (its first start, the window's end and extra minutes are in it). */
  deadline: number
  serverOffsetMs: number
  /** Hex key for the emergency answer file; null for an attempt stored before the server sent one. */
  answerFileKey: string | null
  /**
   * The code's exam, shown on the exam and completion screens; null when the server did not name it,
   * absent from an attempt stored before several exams (not indexed, so no new database version).
   */
  examName?: string | null
  /**
   * The window's end came before the exam's whole duration when it started: the student is told when it closes.
   * Absent from an attempt stored before it was kept (not indexed, so no new database version).
   */
  closesEarly?: boolean
  status: 'in_progress' | 'submitted'
  submittedAt: number | null
}

export interface NewAttempt {
  id: string
  loginCode: string
  studentName: string
  questions: ExamQuestion[]
  startedAt: number
  /** The schedule's duration plus the code's extra minutes. */
  durationMinutes: number
  /** The server's deadline (ISO, server clock). */
  deadlineIso: string
  serverOffsetMs: number
  answerFileKey: string
  /** The code's exam as the server named it. */
  examName?: string | null
  /** The window's end cuts this exam short (domain/exam-deadline.ts windowCutsExamShort). */
  closesEarly?: boolean
  /** What an attempt resumed on this device after a move starts with: the server's copy (resume_exam_attempt). */
  answers?: Answers
  flags?: number[]
}

export function startAttempt(fields: NewAttempt): ExamAttempt {
  return {
    id: fields.id,
    loginCode: fields.loginCode,
    studentName: fields.studentName,
    questions: fields.questions,
    answers: { ...fields.answers },
    flags: sortedFlags(fields.flags ?? []),
    currentIndex: 0,
    tabSwitches: 0,
    startedAt: fields.startedAt,
    durationSeconds: fields.durationMinutes * 60,
    deadline: deviceTime(fields.deadlineIso, fields.serverOffsetMs),
    serverOffsetMs: fields.serverOffsetMs,
    answerFileKey: fields.answerFileKey,
    examName: fields.examName ?? null,
    closesEarly: fields.closesEarly ?? false,
    status: 'in_progress',
    submittedAt: null,
  }
}

/** A server time (ISO) on the device clock of an attempt whose offset is `serverOffsetMs`. */
export function deviceTime(serverIso: string, serverOffsetMs: number): number {
  return Date.parse(serverIso) - serverOffsetMs
}

export function answeredCount(attempt: Pick<ExamAttempt, 'questions' | 'answers'>): number {
  return attempt.questions.filter((question) => attempt.answers[String(question.question_number)] !== undefined).length
}

export function allQuestionsAnswered(attempt: Pick<ExamAttempt, 'questions' | 'answers'>): boolean {
  return answeredCount(attempt) === attempt.questions.length
}

/** Distinct question numbers, ascending: how flags are kept and how every report carries them. */
export function sortedFlags(flags: Iterable<number>): number[] {
  return [...new Set(flags)].sort((a, b) => a - b)
}

/** The flags with `questionNumber` flagged "Review later", or no longer flagged if it was. */
export function toggledFlags(flags: readonly number[], questionNumber: number): number[] {
  return flags.includes(questionNumber)
    ? flags.filter((flag) => flag !== questionNumber)
    : sortedFlags([...flags, questionNumber])
}
