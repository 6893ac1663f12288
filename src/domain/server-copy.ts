import type { AttemptReport } from './attempt-report'
import type { Answers, ExamAttempt } from './exam-attempt'
import { counted } from './counted'

/**
 * What the server last received of an attempt: the answers and flags of the latest report it
 * answered (docs/product.md#the-servers-copy). The exam shows, per question and in its status line,
 * whether what the device holds is also on the server.
 */
export interface ServerCopy {
  answers: Answers
  flags: number[]
  /** The delivered report's stamp (server clock, ISO): a report answered late never replaces a newer copy. */
  reportedAt: string
  /** When (device clock, ms) the server answered the report; for a resumed attempt, when its copy was reported. */
  receivedAt: number
}

/** The copy a delivered report leaves: its own, unless the copy already held is from a later report. */
export function copyAfterDelivery(held: ServerCopy | null, report: AttemptReport, receivedAt: number): ServerCopy {
  if (held && Date.parse(held.reportedAt) > Date.parse(report.reported_at)) return held
  return { answers: { ...report.answers }, flags: [...(report.flags ?? [])], reportedAt: report.reported_at, receivedAt }
}

/** One question as the navigator and the summary show it. */
export interface QuestionSummary {
  index: number
  /** What the student sees: the position in their order, from 1. */
  position: number
  answered: boolean
  flagged: boolean
  /** For an answered question: whether the server holds this very answer; null for an unanswered one. */
  saved: 'received' | 'device_only' | null
}

export function questionSummaries(
  attempt: Pick<ExamAttempt, 'questions' | 'answers' | 'flags'>,
  copy: ServerCopy | null,
): QuestionSummary[] {
  return attempt.questions.map((question, index) => {
    const number = String(question.question_number)
    const answer = attempt.answers[number]
    const answered = answer !== undefined
    const received = answered && copy?.answers[number] === answer
    return {
      index,
      position: index + 1,
      answered,
      flagged: attempt.flags.includes(question.question_number),
      saved: answered ? (received ? 'received' : 'device_only') : null,
    }
  })
}

const answeredWords = { true: 'answered', false: 'not answered' } as const
const savedWords = { received: ', received by the server', device_only: ', saved on this device only' } as const

/** The navigator's jump button name: "Question 3: answered, flagged for review, saved on this device only". */
export function questionNavigatorName(question: QuestionSummary): string {
  const flagged = question.flagged ? ', flagged for review' : ''
  const saved = question.saved ? savedWords[question.saved] : ''
  return `Question ${question.position}: ${answeredWords[`${question.answered}`]}${flagged}${saved}`
}

/** How long ago the server received: "just now" under 10 s, then seconds, then minutes. */
export function formatReceivedAgo(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000))
  if (seconds < 10) return 'just now'
  if (seconds < 60) return `${seconds} seconds ago`
  const minutes = Math.floor(seconds / 60)
  return `${counted(minutes, 'minute')} ago`
}

/**
 * The exam's status line. Only answers count as "saved on this device only": a flag is a note to the
 * student, and the summary and navigator show flags as they are on the device.
 */
export function serverCopyStatus(
  attempt: Pick<ExamAttempt, 'questions' | 'answers' | 'flags'>,
  copy: ServerCopy | null,
  now: number,
): string {
  const deviceOnly = questionSummaries(attempt, copy).filter((question) => question.saved === 'device_only').length
  const received = copy ? `everything received ${formatReceivedAgo(now - copy.receivedAt)}` : 'nothing received yet'
  if (deviceOnly === 0) return `Server copy: ${received}`
  return `Server copy: ${counted(deviceOnly, 'answer')} saved on this device only; ${received}`
}

/** What a resumed attempt starts with, for its notice. */
export interface ResumedFrom {
  answers: number
  /** When the server's copy was reported (device clock, ms); null when it held nothing yet. */
  savedAt: number | null
}

/** "Resumed on this device: 3 answers restored (last saved at 10:42:05)." with the time as the student's clock shows it. */
export function resumedNotice(resumed: ResumedFrom, formatTime: (at: number) => string): string {
  const restored = `${counted(resumed.answers, 'answer')} restored`
  const saved = resumed.savedAt === null ? 'nothing was saved yet' : `last saved at ${formatTime(resumed.savedAt)}`
  return `Resumed on this device: ${restored} (${saved}).`
}
