import { answerLetters, isAnswerLetter, optionsByLetter, type AnswerLetter, type QuestionContent } from './question'
import { examSize } from './score'

export type QuestionType = 'mcq' | 'descriptive'

/** Descriptive questions are stored (never served) with empty options and this marker as the answer. */
export const descriptiveAnswer = 'DESCRIPTIVE'
/** The text a descriptive question starts with. */
const descriptivePrompt = 'Write a detailed answer to the following question: '

/** The question form's fields, as typed. */
export interface QuestionDraft {
  type: QuestionType
  questionNumber: string
  questionText: string
  options: Record<AnswerLetter, string>
  correctAnswer: AnswerLetter
}

/** What the form saves to the questions table. */
export interface QuestionFields extends QuestionContent {
  correct_answer: string
}

/**
 * A fresh form (docs/product.md#what-administrators-do): the first free number (none when the bank
 * is full), answer A, and the prompt for descriptive questions.
 */
export function emptyQuestionDraft(type: QuestionType, questionNumber: number | null): QuestionDraft {
  return {
    type,
    questionNumber: questionNumber === null ? '' : String(questionNumber),
    questionText: type === 'descriptive' ? descriptivePrompt : '',
    options: { A: '', B: '', C: '', D: '' },
    correctAnswer: 'A',
  }
}

export function draftFromQuestion(question: QuestionFields): QuestionDraft {
  return {
    type: question.correct_answer === descriptiveAnswer ? 'descriptive' : 'mcq',
    questionNumber: String(question.question_number),
    questionText: question.question_text,
    options: optionsByLetter(question),
    correctAnswer: isAnswerLetter(question.correct_answer) ? question.correct_answer : 'A',
  }
}

export type QuestionDraftResult = { ok: true; fields: QuestionFields } | { ok: false; error: string }

/** Validates the form and shapes it for the database. */
export function questionFieldsFromDraft(draft: QuestionDraft): QuestionDraftResult {
  const questionText = draft.questionText.trim()
  if (questionText === '') return { ok: false, error: 'Please enter the question text' }
  const options = answerLetters.map((letter) => draft.options[letter].trim())
  if (draft.type === 'mcq' && options.some((option) => option === '')) {
    return { ok: false, error: 'Please fill in all MCQ options' }
  }
  const questionNumber = Number(draft.questionNumber)
  // The exam has questions 1 to 50; the server serves no other.
  if (!/^\d+$/.test(draft.questionNumber.trim()) || questionNumber < 1 || questionNumber > examSize) {
    return { ok: false, error: 'Question number must be between 1 and 50' }
  }
  const [option_a = '', option_b = '', option_c = '', option_d = ''] = draft.type === 'mcq' ? options : []
  return {
    ok: true,
    fields: {
      question_number: questionNumber,
      question_text: questionText,
      option_a,
      option_b,
      option_c,
      option_d,
      correct_answer: draft.type === 'mcq' ? draft.correctAnswer : descriptiveAnswer,
    },
  }
}

/**
 * The first number from 1 to 50 that no question of the exam holds, or null when all are taken: a
 * new question fills the gap a deleted one left, never 51 (which the server refuses).
 */
export function firstFreeQuestionNumber(taken: readonly number[]): number | null {
  const used = new Set(taken)
  for (let number = 1; number <= examSize; number++) {
    if (!used.has(number)) return number
  }
  return null
}

/** What the form says instead of a number when the bank is full; Save is then disabled. */
export const fullBankMessage = `All ${examSize} question numbers are taken`

/** The form's words for a number another question of the exam already has (checked first, and the server's refusal). */
export function questionExistsMessage(questionNumber: number): string {
  return `Question ${questionNumber} already exists`
}
