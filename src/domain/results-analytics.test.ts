import { describe, expect, it } from 'vitest'
import { inTimeZone } from '../../tests/unit/time-zone'
import { formatAverageScore, localDateKey, ratingFor, resultsStats, scoreGrade, tabSwitchColour } from './results-analytics'

// Days follow the admin's own calendar: New York is 5 hours behind UTC in November.
inTimeZone('America/New_York')

describe('ratingFor', () => {
  it.each([
    [100, 'Excellent'],
    [80, 'Excellent'],
    [79, 'Pass'],
    [60, 'Pass'],
    [59, 'Needs Improvement'],
    [0, 'Needs Improvement'],
  ])('%d %% is %s', (percentage, rating) => expect(ratingFor(percentage)).toBe(rating))
})

describe('tabSwitchColour', () => {
  it.each([
    [0, 'green'],
    [2, 'green'],
    [3, 'yellow'],
    [5, 'yellow'],
    [6, 'red'],
    [40, 'red'],
  ])('%d switches are %s', (switches, colour) => expect(tabSwitchColour(switches)).toBe(colour))
})

describe('resultsStats', () => {
  it('averages out of the questions served and gives the pass rate in whole percent', () => {
    // Scores 50, 30, 29 and 0 of full exams: two of four pass.
    expect(resultsStats({ total: 4, scoreSum: 109, questionSum: 200, passed: 2 })).toEqual({
      total: 4,
      averageScore: 27.25,
      averageServed: 50,
      passRate: 50,
      passed: 2,
    })
    expect(resultsStats({ total: 3, scoreSum: 100, questionSum: 150, passed: 2 }).passRate).toBe(67)
  })

  it("averages a 21-question exam out of 21, never out of another exam's 50", () => {
    // 8 and 13 of 21.
    expect(formatAverageScore(resultsStats({ total: 2, scoreSum: 21, questionSum: 42, passed: 1 }))).toBe('10.5/21')
    // 20 of 25 and 30 of 50 (a bank that changed between them): 25 of 37.5 on average.
    expect(formatAverageScore(resultsStats({ total: 2, scoreSum: 50, questionSum: 75, passed: 2 }))).toBe('25.0/37.5')
  })

  it('is all zeros without submissions', () => {
    expect(resultsStats({ total: 0, scoreSum: 0, questionSum: 0, passed: 0 })).toEqual({
      total: 0,
      averageScore: 0,
      averageServed: 0,
      passRate: 0,
      passed: 0,
    })
  })

  it('shows averages with one decimal', () => {
    expect(formatAverageScore({ averageScore: 27.25, averageServed: 50 })).toBe('27.3/50')
    expect(formatAverageScore({ averageScore: 0, averageServed: 0 })).toBe('0.0')
  })
})

describe('scoreGrade', () => {
  it.each([
    [50, 100, 'Excellent'],
    [40, 80, 'Excellent'],
    [39, 78, 'Pass'],
    [30, 60, 'Pass'],
    [29, 58, 'Needs Improvement'],
    [0, 0, 'Needs Improvement'],
  ])('%d of 50 is %d %%, %s', (score, percentage, rating) => expect(scoreGrade(score, 50)).toEqual({ percentage, rating }))

  it('grades out of the questions the exam served: 20 of 25 is 80 %, Excellent', () => {
    expect(scoreGrade(20, 25)).toEqual({ percentage: 80, rating: 'Excellent' })
  })
})

describe('localDateKey', () => {
  it('names the local day', () => {
    // 04:59:59 UTC on the 23rd is still the evening of the 22nd in New York.
    expect(localDateKey('2026-11-23T04:59:59Z')).toBe('2026-11-22')
    expect(localDateKey('2026-11-23T05:00:00Z')).toBe('2026-11-23')
  })
})
