/** The four options of a multiple-choice question, in the order they are shown. */
export const answerLetters = ['A', 'B', 'C', 'D'] as const
export type AnswerLetter = (typeof answerLetters)[number]

export function isAnswerLetter(value: unknown): value is AnswerLetter {
  return answerLetters.includes(value as AnswerLetter)
}

/**
 * What every view of a question shares: the questions table's number, text and option
 * columns. Students, the admin form, the CSV import and the solutions each add their own.
 */
export interface QuestionContent {
  question_number: number
  question_text: string
  option_a: string
  option_b: string
  option_c: string
  option_d: string
}

export function optionsByLetter(question: QuestionContent): Record<AnswerLetter, string> {
  return { A: question.option_a, B: question.option_b, C: question.option_c, D: question.option_d }
}
