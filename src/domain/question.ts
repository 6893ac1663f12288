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

/** An option as a student sees it: `label` is where it is shown (A to D), `letter` its original letter. */
export interface DisplayedOption {
  label: AnswerLetter
  letter: AnswerLetter
  text: string
}

/** True when `order` names each of A to D once: the original letters in the order shown. */
export function isOptionOrder(order: string): boolean {
  return order.length === answerLetters.length && answerLetters.every((letter) => order.includes(letter))
}

/**
 * A question's options in the order `optionOrder` shows them (the original letters, 'CADB': the
 * option shown as A is the question's C), relabelled A to D. What a student picks is recorded
 * and scored by its original letter.
 */
export function displayedOptions(question: QuestionContent, optionOrder = 'ABCD'): DisplayedOption[] {
  const options = optionsByLetter(question)
  const order = isOptionOrder(optionOrder) ? (optionOrder.split('') as AnswerLetter[]) : [...answerLetters]
  return order.map((letter, index) => ({ label: answerLetters[index]!, letter, text: options[letter] }))
}
