import { describe, expect, it } from 'vitest'
import { keyAccepts, keyInWords } from './answer-key'

describe('an answer key', () => {
  it('accepts its one letter only', () => {
    expect(['A', 'B', 'C', 'D'].filter((letter) => keyAccepts('B', letter))).toEqual(['B'])
  })

  it('accepts each letter of a corrected key, and every letter of a void one', () => {
    expect(['A', 'B', 'C', 'D'].filter((letter) => keyAccepts('BC', letter))).toEqual(['B', 'C'])
    expect(['A', 'B', 'C', 'D'].filter((letter) => keyAccepts('*', letter))).toEqual(['A', 'B', 'C', 'D'])
  })

  it('is said in words', () => {
    expect([keyInWords('B'), keyInWords('BC'), keyInWords('*')]).toEqual(['B', 'B or C', 'void (counts for everyone)'])
  })
})
