import { answerLetters, optionsByLetter, type QuestionContent } from './question'

/**
 * Whether a question matches the Question Manager's search: a number ("12", "Q12") finds that
 * question, and any text is looked for in the question and its options, ignoring case. An empty
 * search matches every question.
 */
export function matchesQuestionSearch(question: QuestionContent, search: string): boolean {
  const wanted = search.trim().toLocaleLowerCase()
  if (wanted === '') return true
  const number = /^q?\s*(\d+)$/.exec(wanted)?.[1]
  if (number !== undefined && Number(number) === question.question_number) return true
  const options = optionsByLetter(question)
  return [question.question_text, ...answerLetters.map((letter) => options[letter])].some((text) =>
    text.toLocaleLowerCase().includes(wanted),
  )
}
