import { describe, expect, it } from 'vitest'
import { matchesQuestionSearch } from './question-search'

const capital = {
  question_number: 12,
  question_text: 'Which city is the capital of France?',
  option_a: 'Lyon',
  option_b: 'Paris',
  option_c: 'Nice',
  option_d: 'Lille',
}

describe('matchesQuestionSearch', () => {
  it('matches every question when the search is empty or blank', () => {
    expect(matchesQuestionSearch(capital, '')).toBe(true)
    expect(matchesQuestionSearch(capital, '   ')).toBe(true)
  })

  it('finds a question by its number, typed alone or after Q', () => {
    expect(matchesQuestionSearch(capital, '12')).toBe(true)
    expect(matchesQuestionSearch(capital, 'Q12')).toBe(true)
    expect(matchesQuestionSearch(capital, ' q 12 ')).toBe(true)
    expect(matchesQuestionSearch(capital, '1')).toBe(false)
    expect(matchesQuestionSearch(capital, '13')).toBe(false)
  })

  it('finds text in the question and in its options, ignoring case', () => {
    expect(matchesQuestionSearch(capital, 'CAPITAL of')).toBe(true)
    expect(matchesQuestionSearch(capital, 'paris')).toBe(true)
    expect(matchesQuestionSearch(capital, 'Berlin')).toBe(false)
  })

  it('finds a number written in the text as well', () => {
    expect(matchesQuestionSearch({ ...capital, question_text: 'What happened in 1789?' }, '1789')).toBe(true)
  })
})
