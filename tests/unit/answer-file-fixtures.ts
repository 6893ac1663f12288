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
  const answers: Answers = {}
  for (let question = 1; question <= 50; question++) {
    if (!skipped.includes(question)) answers[String(question)] = answerLetters[question % 4]
  }
  return answers
}
