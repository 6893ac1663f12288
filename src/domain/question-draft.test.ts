import { describe, expect, it } from 'vitest'
import {
  draftFromQuestion,
  emptyQuestionDraft,
  firstFreeQuestionNumber,
  fullBankMessage,
  questionExistsMessage,
  questionFieldsFromDraft,
  type QuestionDraft,
} from './question-draft'

const filled: QuestionDraft = {
  type: 'mcq',
  questionNumber: '4',
  questionText: '  What is 2 + 2?  ',
  options: { A: '3', B: ' 4 ', C: '5', D: '22' },
  correctAnswer: 'B',
}

describe('emptyQuestionDraft', () => {
  it('starts a multiple-choice question with the given number and answer A', () => {
    expect(emptyQuestionDraft('mcq', 7)).toEqual({
      type: 'mcq',
      questionNumber: '7',
      questionText: '',
      options: { A: '', B: '', C: '', D: '' },
      correctAnswer: 'A',
    })
  })

  it('prefills a descriptive question with the prompt', () => {
    expect(emptyQuestionDraft('descriptive', 1).questionText).toMatch(/^Write a detailed answer/)
  })
})

describe('questionFieldsFromDraft', () => {
  it('trims and shapes a multiple-choice question', () => {
    expect(questionFieldsFromDraft(filled)).toEqual({
      ok: true,
      fields: {
        question_number: 4,
        question_text: 'What is 2 + 2?',
        option_a: '3',
        option_b: '4',
        option_c: '5',
        option_d: '22',
        correct_answer: 'B',
      },
    })
  })

  it('stores a descriptive question with empty options and the DESCRIPTIVE marker', () => {
    expect(questionFieldsFromDraft({ ...filled, type: 'descriptive' })).toEqual({
      ok: true,
      fields: {
        question_number: 4,
        question_text: 'What is 2 + 2?',
        option_a: '',
        option_b: '',
        option_c: '',
        option_d: '',
        correct_answer: 'DESCRIPTIVE',
      },
    })
  })

  it.each<[string, Partial<QuestionDraft>, string]>([
    ['no text', { questionText: '   ' }, 'Please enter the question text'],
    ['an empty option', { options: { ...filled.options, C: ' ' } }, 'Please fill in all MCQ options'],
    ['number 0', { questionNumber: '0' }, 'Question number must be between 1 and 50'],
    ['no number', { questionNumber: '' }, 'Question number must be between 1 and 50'],
    ['a fractional number', { questionNumber: '1.5' }, 'Question number must be between 1 and 50'],
    ['number 51', { questionNumber: '51' }, 'Question number must be between 1 and 50'],
    ['number 1000', { questionNumber: '1000' }, 'Question number must be between 1 and 50'],
  ])('refuses %s', (_case, change, error) => {
    expect(questionFieldsFromDraft({ ...filled, ...change })).toEqual({ ok: false, error })
  })

  it('does not ask a descriptive question for options', () => {
    expect(questionFieldsFromDraft({ ...filled, type: 'descriptive', options: { A: '', B: '', C: '', D: '' } }).ok).toBe(true)
  })
})

describe('draftFromQuestion', () => {
  it('opens a DESCRIPTIVE row as a descriptive question', () => {
    const row = {
      question_number: 3,
      question_text: 'Explain.',
      option_a: '',
      option_b: '',
      option_c: '',
      option_d: '',
      correct_answer: 'DESCRIPTIVE',
    }
    expect(draftFromQuestion(row)).toMatchObject({ type: 'descriptive', questionNumber: '3', correctAnswer: 'A' })
  })

  it('round-trips a multiple-choice row', () => {
    const checked = questionFieldsFromDraft(filled)
    if (!checked.ok) throw new Error(checked.error)
    expect(questionFieldsFromDraft(draftFromQuestion(checked.fields))).toEqual(checked)
  })
})

describe('firstFreeQuestionNumber', () => {
  it('is 1 for an empty bank and the next number for a bank without gaps', () => {
    expect(firstFreeQuestionNumber([])).toBe(1)
    expect(firstFreeQuestionNumber([1, 2, 3])).toBe(4)
  })

  it('fills the first gap a deleted question left, whatever the order', () => {
    expect(firstFreeQuestionNumber([5, 1, 2, 4])).toBe(3)
  })

  it('is null for a full bank of 50, never 51', () => {
    const full = Array.from({ length: 50 }, (_, index) => index + 1)
    expect(firstFreeQuestionNumber(full)).toBeNull()
    expect(firstFreeQuestionNumber(full.filter((n) => n !== 50))).toBe(50)
    expect(fullBankMessage).toBe('All 50 question numbers are taken')
  })

  it('gives a form without a number when there is none free', () => {
    expect(emptyQuestionDraft('mcq', null).questionNumber).toBe('')
  })
})

describe('questionExistsMessage', () => {
  it('names the number taken', () => {
    expect(questionExistsMessage(12)).toBe('Question 12 already exists')
  })
})
