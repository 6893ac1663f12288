import { describe, expect, it } from 'vitest'
import { encouragementFor } from './encouragement'
import { scorePercentage } from './score'

describe('encouragementFor', () => {
  it.each([
    [100, 'Outstanding Performance'],
    [90, 'Outstanding Performance'],
    [89, 'Excellent Work'],
    [80, 'Excellent Work'],
    [79, 'Good Job'],
    [70, 'Good Job'],
    [69, 'You Passed'],
    [60, 'You Passed'],
    [59, 'Keep Learning'],
    [0, 'Keep Learning'],
  ])('%d %% is "%s"', (percentage, message) => expect(encouragementFor(percentage)).toBe(message))

  // The band follows the percentage the page shows, which is rounded to a whole number.
  it.each([
    [179, 200, 90, 'Outstanding Performance'],
    [26, 30, 87, 'Excellent Work'],
    [119, 200, 60, 'You Passed'],
    [117, 200, 59, 'Keep Learning'],
    [2, 3, 67, 'You Passed'],
    [0, 0, 0, 'Keep Learning'],
  ])('%d of %d shows %d %% and "%s"', (score, total, percentage, message) => {
    expect(scorePercentage(score, total)).toBe(percentage)
    expect(encouragementFor(scorePercentage(score, total))).toBe(message)
  })
})
