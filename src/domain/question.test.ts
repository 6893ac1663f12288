import { describe, expect, it } from 'vitest'
import { answerLetters, displayedOptions, isOptionOrder, optionsByLetter, type AnswerLetter } from './question'

const question = {
  question_number: 7,
  question_text: 'Which is the largest?',
  option_a: 'Ant',
  option_b: 'Bear',
  option_c: 'Cat',
  option_d: 'Dog',
}

/** Every order of A to D: the 24 ways a shuffle can show a question's options. */
function permutations(letters: readonly AnswerLetter[]): AnswerLetter[][] {
  if (letters.length <= 1) return [[...letters]]
  return letters.flatMap((letter) => permutations(letters.filter((l) => l !== letter)).map((rest) => [letter, ...rest]))
}

describe('displayedOptions', () => {
  it('shows the options in the stored order relabelled A to D, each keeping its original letter', () => {
    expect(displayedOptions(question, 'CADB')).toEqual([
      { label: 'A', letter: 'C', text: 'Cat' },
      { label: 'B', letter: 'A', text: 'Ant' },
      { label: 'C', letter: 'D', text: 'Dog' },
      { label: 'D', letter: 'B', text: 'Bear' },
    ])
  })

  it('shows them as stored without an order (an attempt from before shuffling) or with one that is no order', () => {
    const plain = answerLetters.map((letter) => ({ label: letter, letter, text: optionsByLetter(question)[letter] }))
    expect(displayedOptions(question)).toEqual(plain)
    expect(displayedOptions(question, 'AABC')).toEqual(plain)
  })

  it.each(permutations(answerLetters).map((order) => [order.join('')]))(
    'records the correct answer for the option whose text is correct, shown in order %s',
    (order) => {
      for (const correct of answerLetters) {
        const shown = displayedOptions(question, order)
        const picked = shown.find((option) => option.text === optionsByLetter(question)[correct])
        expect(picked?.letter).toBe(correct)
        expect(picked?.label).toBe(answerLetters[order.indexOf(correct)])
      }
    },
  )
})

it.each([
  ['ABCD', true],
  ['DCBA', true],
  ['ABC', false],
  ['ABCA', false],
  ['ABCE', false],
  ['ABCDA', false],
])('isOptionOrder(%j) is %j', (order, expected) => expect(isOptionOrder(order)).toBe(expected))
