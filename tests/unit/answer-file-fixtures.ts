import { buildAnswerFile, type AnswerFile } from '../../src/domain/answer-file'
import type { Answers } from '../../src/domain/exam-attempt'
import { buildSubmission } from '../../src/domain/exam-submission'
import { answerLetters } from '../../src/domain/question'
import { examAnswerFileKey, examStart, finishedAttempt } from './exam-fixtures'

/** The answer file of a finished attempt (code ABCD1234 unless told otherwise), tagged with the fixtures' key. */
export function examAnswerFile(fields: Parameters<typeof finishedAttempt>[0] = {}): AnswerFile {
  const attempt = finishedAttempt(fields)
  return buildAnswerFile(buildSubmission(attempt, attempt.submittedAt ?? examStart), examAnswerFileKey)
}

/** Every question from 1 to 50 answered, but those in `skipped`. */
export function fiftyAnswers(skipped: number[] = []): Answers {
  const letters = Array.from({ length: 13 }, () => answerLetters).flat()
  const answers: Answers = {}
  for (const [index, letter] of letters.slice(0, 50).entries()) {
    if (!skipped.includes(index + 1)) answers[String(index + 1)] = letter
  }
  return answers
}
