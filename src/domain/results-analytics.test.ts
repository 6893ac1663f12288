import { describe, expect, it } from 'vitest'
import { inTimeZone } from '../../tests/unit/time-zone'
import {
  dailyAnalysis,
  filterResults,
  formatAverageScore,
  localDateKey,
  rankByScore,
  ratingFor,
  resultsStats,
  scoreDistribution,
  submissionDays,
  tabSwitchColour,
  type ScoredSubmission,
} from './results-analytics'

// Grouping must follow the admin's own calendar: New York is 5 hours behind UTC in November.
inTimeZone('America/New_York')

let serial = 0
function submission(score: number, submitted_at: string, extra: Partial<ScoredSubmission> = {}): ScoredSubmission {
  serial++
  return {
    student_name: `Student ${serial}`,
    login_code: `CODE${String(serial).padStart(4, '0')}`,
    score,
    tab_switches: 0,
    time_taken: 600,
    submitted_at,
    ...extra,
  }
}

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
  it('averages out of 50 and counts a pass from 60 % (30 of 50)', () => {
    const at = '2026-11-23T15:00:00Z'
    expect(resultsStats([submission(50, at), submission(30, at), submission(29, at), submission(0, at)])).toEqual({
      total: 4,
      averageScore: 27.25,
      passRate: 50,
      passed: 2,
    })
  })

  it('is all zeros without submissions', () => {
    expect(resultsStats([])).toEqual({ total: 0, averageScore: 0, passRate: 0, passed: 0 })
  })

  it('shows averages with one decimal', () => {
    expect(formatAverageScore(27.25)).toBe('27.3')
    expect(formatAverageScore(0)).toBe('0.0')
  })
})

describe('rankByScore', () => {
  it('ranks by score, equal scores sharing a rank and the next rank skipping', () => {
    const at = '2026-11-23T15:00:00Z'
    const ranked = rankByScore([
      submission(40, at, { student_name: 'Slow forty', time_taken: 900 }),
      submission(45, at, { student_name: 'Top' }),
      submission(40, at, { student_name: 'Fast forty', time_taken: 300 }),
      submission(30, at, { student_name: 'Last', tab_switches: 6 }),
    ])
    expect(ranked.map((r) => [r.rank, r.submission.student_name, r.percentage, r.rating])).toEqual([
      [1, 'Top', 90, 'Excellent'],
      [2, 'Fast forty', 80, 'Excellent'],
      [2, 'Slow forty', 80, 'Excellent'],
      [4, 'Last', 60, 'Pass'],
    ])
    expect(ranked[3]?.tabSwitchColour).toBe('red')
  })
})

describe('dailyAnalysis', () => {
  // 03:30 UTC on the 23rd is still the evening of the 22nd in New York.
  const lateOn22nd = submission(20, '2026-11-23T03:30:00Z')
  const earlyOn23rd = submission(45, '2026-11-23T05:30:00Z')
  const laterOn23rd = submission(35, '2026-11-23T20:00:00Z')

  it('groups by local day, newest day first, each with its own figures and ranking', () => {
    const days = dailyAnalysis([lateOn22nd, earlyOn23rd, laterOn23rd], new Date('2026-11-23T23:00:00Z'))
    expect(days.map((day) => [day.dateKey, day.isToday, day.stats.total, day.stats.averageScore, day.stats.passRate])).toEqual([
      ['2026-11-23', true, 2, 40, 100],
      ['2026-11-22', false, 1, 20, 0],
    ])
    expect(days[0]?.results.map((r) => [r.rank, r.submission.score])).toEqual([
      [1, 45],
      [2, 35],
    ])
  })

  it('decides "today" in local time too', () => {
    // 02:00 UTC on the 24th is 21:00 on the 23rd in New York.
    const days = dailyAnalysis([earlyOn23rd], new Date('2026-11-24T02:00:00Z'))
    expect(days[0]?.isToday).toBe(true)
  })

  it('offers each local day once in the date filter, newest first', () => {
    expect(submissionDays([lateOn22nd, earlyOn23rd, laterOn23rd])).toEqual(['2026-11-23', '2026-11-22'])
    expect(localDateKey('2026-11-23T04:59:59Z')).toBe('2026-11-22')
  })
})

describe('filterResults', () => {
  const ada = submission(40, '2026-11-23T15:00:00Z', { student_name: 'Ada Lovelace', login_code: 'ADA12345' })
  const alan = submission(30, '2026-11-22T15:00:00Z', { student_name: 'Alan Turing', login_code: 'TUR99999' })

  it.each([
    ['', null, [ada, alan]],
    ['love', null, [ada]],
    ['  TURING ', null, [alan]],
    ['tur9', null, [alan]],
    ['', '2026-11-22', [alan]],
    ['ada', '2026-11-22', []],
  ])('search "%s" on %s', (search, dateKey, expected) => {
    expect(filterResults([ada, alan], { search, dateKey })).toEqual(expected)
  })
})

describe('scoreDistribution', () => {
  it('counts results in 10 % bands, 100 % in the top band', () => {
    expect(scoreDistribution([0, 9, 10, 59, 60, 61, 99, 100].map((percentage) => ({ percentage })))).toEqual([
      2, 1, 0, 0, 0, 1, 2, 0, 0, 2,
    ])
  })
})
