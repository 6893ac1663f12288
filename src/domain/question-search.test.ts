import { describe, expect, it } from 'vitest'
import { capitalQuestion } from '../../tests/unit/question-fixtures'
import { matchesQuestionSearch } from './question-search'

describe('matchesQuestionSearch', () => {
  it('matches every question when the search is empty or blank', () => {
    expect(matchesQuestionSearch(capitalQuestion, '')).toBe(true)
    expect(matchesQuestionSearch(capitalQuestion, '   ')).toBe(true)
  })

  it('finds a question by its number, typed alone or after Q', () => {
    expect(matchesQuestionSearch(capitalQuestion, '12')).toBe(true)
    expect(matchesQuestionSearch(capitalQuestion, 'Q12')).toBe(true)
    expect(matchesQuestionSearch(capitalQuestion, ' q 12 ')).toBe(true)
    expect(matchesQuestionSearch(capitalQuestion, '1')).toBe(false)
    expect(matchesQuestionSearch(capitalQuestion, '13')).toBe(false)
  })

  it('finds text in the question and in its options, ignoring case', () => {
    expect(matchesQuestionSearch(capitalQuestion, 'CAPITAL of')).toBe(true)
    expect(matchesQuestionSearch(capitalQuestion, 'paris')).toBe(true)
    expect(matchesQuestionSearch(capitalQuestion, 'Berlin')).toBe(false)
  })

  it('finds a number written in the text as well', () => {
    expect(matchesQuestionSearch({ ...capitalQuestion, question_text: 'What happened in 1789?' }, '1789')).toBe(true)
  })
})
