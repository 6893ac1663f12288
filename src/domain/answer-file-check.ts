import type { AnswerLetter } from './question'
import { counted } from './counted'

/** One question where an answer file and the answers its device reported in time disagree; null for no answer. */
export interface AnswerFileDifference {
  question: number
  reported: AnswerLetter | null
  file: AnswerLetter | null
}

/**
 * What the server checked when it recovered a submission from an answer file (submissions.recovery_check,
 * supabase/definitions/functions/public/recover_submission_from_file.sql): the copy of the answers the device reported in time, and how the file compares.
 */
export interface AnswerFileCheck {
  /** When the server received the copy (its own clock). */
  receivedAt: string
  /** The answers the file held, and how many of them matched the copy (only these were counted). */
  fileAnswers: number
  counted: number
  differences: AnswerFileDifference[]
}

// The check's field is read off `check`, not destructured: a `counted` here would hide counted() of this module.
function countedWords(check: AnswerFileCheck): string {
  if (check.counted === 0) return 'none was'
  return check.counted === check.fileAnswers ? 'all were' : 'only those were'
}

function describeDifference({ question, reported, file }: AnswerFileDifference): string {
  if (file === null) return `question ${question} (reported ${reported ?? 'nothing'})`
  return `question ${question} (${reported === null ? 'not reported' : `reported ${reported}`}, file ${file})`
}

/**
 * The Proctor Room's words for what the server checked, exactly: the tag proves only that the file
 * is well formed and made for its code (the key is on the student's device), so what counts is
 * what the device itself reported before its deadline. `formatClock` shows a time of day.
 */
export function describeAnswerFileCheck(check: AnswerFileCheck, formatClock: (iso: string) => string): string {
  const notCounted = check.differences.filter((difference) => difference.file !== null)
  const leftOut = check.differences.filter((difference) => difference.file === null)
  const sentences = [
    'The file is well formed and was made for this code.',
    `${check.counted} of ${counted(check.fileAnswers, 'answer')} in the file match what the device reported to the server at ${formatClock(check.receivedAt)}, in time; ${countedWords(check)} counted.`,
  ]
  if (notCounted.length > 0) {
    sentences.push(
      `${counted(notCounted.length, 'answer differs or was given later and was', 'answers differ or were given later and were')} not counted: ${notCounted.map(describeDifference).join(', ')}.`,
    )
  }
  if (leftOut.length > 0) {
    sentences.push(
      `The file leaves out ${counted(leftOut.length, 'answer')} the device reported: ${leftOut.map(describeDifference).join(', ')}.`,
    )
  }
  return sentences.join(' ')
}
