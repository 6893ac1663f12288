import { expect, it } from 'vitest'
import { scorePercentage } from './score'

it.each([
  [0, 50, 0],
  [30, 50, 60],
  [1, 3, 33],
  [2, 3, 67],
  [49, 50, 98],
  [50, 50, 100],
  [0, 0, 0],
  // A half rounds up, as PostgreSQL's round() (23 / 40 × 100 in floating point is 57.49…).
  [23, 40, 58],
  [20, 25, 80],
  // Never above 100.
  [51, 50, 100],
])('%d of %d is %d %%', (score, total, percent) => expect(scorePercentage(score, total)).toBe(percent))
