import { examSize, passMarkPercent, scorePercentage } from './score'

/** The fields of a submission the results screen works with. */
export interface ScoredSubmission {
  student_name: string
  login_code: string
  score: number
  tab_switches: number
  time_taken: number
  submitted_at: string
}

export type Rating = 'Excellent' | 'Pass' | 'Needs Improvement'
export type TabSwitchColour = 'red' | 'yellow' | 'green'

/** Spec §9: 80 % or more is Excellent, from the pass mark Pass, below it Needs Improvement. */
const excellentPercent = 80

export function ratingFor(percentage: number): Rating {
  if (percentage >= excellentPercent) return 'Excellent'
  if (percentage >= passMarkPercent) return 'Pass'
  return 'Needs Improvement'
}

/** Spec §9: more than 5 switches is red, more than 2 yellow, else green. */
export function tabSwitchColour(tabSwitches: number): TabSwitchColour {
  if (tabSwitches > 5) return 'red'
  if (tabSwitches > 2) return 'yellow'
  return 'green'
}

/** Admin scores are out of the exam size (spec §9). */
function resultPercentage(score: number): number {
  return scorePercentage(score, examSize)
}

function isPass(score: number): boolean {
  return resultPercentage(score) >= passMarkPercent
}

/** The calendar day of an instant in the browser's time zone, as YYYY-MM-DD. */
export function localDateKey(instant: string | Date): string {
  const date = new Date(instant)
  const month = String(date.getMonth() + 1).padStart(2, '0')
  const day = String(date.getDate()).padStart(2, '0')
  return `${date.getFullYear()}-${month}-${day}`
}

/** Local midnight of a YYYY-MM-DD key, for formatting the day. */
export function dateOfKey(key: string): Date {
  const [year = 0, month = 1, day = 1] = key.split('-').map(Number)
  return new Date(year, month - 1, day)
}

export interface ResultsStats {
  total: number
  /** Mean score out of the exam size; 0 with no submissions. */
  averageScore: number
  /** Whole percent of submissions at or above the pass mark; 0 with no submissions. */
  passRate: number
  passed: number
}

export function resultsStats(submissions: readonly ScoredSubmission[]): ResultsStats {
  const total = submissions.length
  const passed = submissions.filter((submission) => isPass(submission.score)).length
  const scoreSum = submissions.reduce((sum, submission) => sum + submission.score, 0)
  return {
    total,
    averageScore: total > 0 ? scoreSum / total : 0,
    passRate: scorePercentage(passed, total),
    passed,
  }
}

/** "32.4": averages are shown with one decimal. */
export function formatAverageScore(averageScore: number): string {
  return averageScore.toFixed(1)
}

export interface RankedResult<T extends ScoredSubmission> {
  submission: T
  /** Competition ranking by score: equal scores share a rank and the next rank skips (1, 2, 2, 4). */
  rank: number
  percentage: number
  rating: Rating
  tabSwitchColour: TabSwitchColour
}

/** Highest score first; among equal scores the faster, then the earlier, submission is listed first. */
export function rankByScore<T extends ScoredSubmission>(submissions: readonly T[]): RankedResult<T>[] {
  const ordered = [...submissions].sort(
    (a, b) => b.score - a.score || a.time_taken - b.time_taken || Date.parse(a.submitted_at) - Date.parse(b.submitted_at),
  )
  let rank = 0
  return ordered.map((submission, index) => {
    if (index === 0 || (ordered[index - 1] as T).score !== submission.score) rank = index + 1
    const percentage = resultPercentage(submission.score)
    return {
      submission,
      rank,
      percentage,
      rating: ratingFor(percentage),
      tabSwitchColour: tabSwitchColour(submission.tab_switches),
    }
  })
}

export interface DayGroup<T extends ScoredSubmission> {
  dateKey: string
  isToday: boolean
  stats: ResultsStats
  results: RankedResult<T>[]
}

/** Submissions grouped by local day, newest day first, each day ranked by score. */
export function dailyAnalysis<T extends ScoredSubmission>(submissions: readonly T[], now: Date): DayGroup<T>[] {
  const byDay = new Map<string, T[]>()
  for (const submission of submissions) {
    const key = localDateKey(submission.submitted_at)
    byDay.set(key, [...(byDay.get(key) ?? []), submission])
  }
  const today = localDateKey(now)
  return [...byDay.entries()]
    .sort(([a], [b]) => (a < b ? 1 : -1))
    .map(([dateKey, daySubmissions]) => ({
      dateKey,
      isToday: dateKey === today,
      stats: resultsStats(daySubmissions),
      results: rankByScore(daySubmissions),
    }))
}

/** The distinct local days that have submissions, newest first (the date filter's choices). */
export function submissionDays(submissions: readonly ScoredSubmission[]): string[] {
  return [...new Set(submissions.map((submission) => localDateKey(submission.submitted_at)))].sort().reverse()
}

interface ResultsFilter {
  /** Matched case-insensitively against the student's name and the login code. */
  search: string
  /** A YYYY-MM-DD local day, or null for all dates. */
  dateKey: string | null
}

export function filterResults<T extends ScoredSubmission>(submissions: readonly T[], filter: ResultsFilter): T[] {
  const needle = filter.search.trim().toLowerCase()
  return submissions.filter(
    (submission) =>
      (filter.dateKey === null || localDateKey(submission.submitted_at) === filter.dateKey) &&
      (needle === '' ||
        submission.student_name.toLowerCase().includes(needle) ||
        submission.login_code.toLowerCase().includes(needle)),
  )
}

export const distributionBandCount = 10

/** How many results fall in each 10 % band of the percentage (0-9, 10-19, … 90-100). */
export function scoreDistribution(results: readonly { percentage: number }[]): number[] {
  const bands = Array.from({ length: distributionBandCount }, () => 0)
  for (const { percentage } of results) {
    const band = Math.min(distributionBandCount - 1, Math.max(0, Math.floor(percentage / 10)))
    bands[band] = (bands[band] ?? 0) + 1
  }
  return bands
}
