import { passMarkPercent, scorePercentage } from './score'

export type Rating = 'Excellent' | 'Pass' | 'Needs Improvement'
export type TabSwitchColour = 'red' | 'yellow' | 'green'

/** docs/product.md#scoring: 80 % or more is Excellent, from the pass mark Pass, below it Needs Improvement. */
const excellentPercent = 80

export function ratingFor(percentage: number): Rating {
  if (percentage >= excellentPercent) return 'Excellent'
  if (percentage >= passMarkPercent) return 'Pass'
  return 'Needs Improvement'
}

/** docs/product.md#scoring: more than 5 switches is red, more than 2 yellow, else green. */
export function tabSwitchColour(tabSwitches: number): TabSwitchColour {
  if (tabSwitches > 5) return 'red'
  if (tabSwitches > 2) return 'yellow'
  return 'green'
}

/** A score as the results show it: its percentage of the questions its exam served (as every screen shows it) and its rating. */
export function scoreGrade(score: number, questionCount: number): { percentage: number; rating: Rating } {
  const percentage = scorePercentage(score, questionCount)
  return { percentage, rating: ratingFor(percentage) }
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

/** A group of submissions as SQL counts them: how many, the sum of their scores and of the questions they were served, how many passed. */
export interface ResultsTally {
  total: number
  scoreSum: number
  questionSum: number
  passed: number
}

export interface ResultsStats {
  total: number
  /** Mean score; 0 with no submissions. */
  averageScore: number
  /** Mean number of questions served: the exam's size when every submission was served all of it (an exam's own, never another's); 0 with no submissions. */
  averageServed: number
  /** Whole percent of submissions at or above the pass mark; 0 with no submissions. */
  passRate: number
  passed: number
}

export function resultsStats({ total, scoreSum, questionSum, passed }: ResultsTally): ResultsStats {
  return {
    total,
    averageScore: total > 0 ? scoreSum / total : 0,
    averageServed: total > 0 ? questionSum / total : 0,
    passRate: scorePercentage(passed, total),
    passed,
  }
}

/**
 * "32.4/50", "8.0/21": the mean score with one decimal, out of the questions served (whole, or
 * with one decimal when submissions were served different numbers); "0.0" with no submissions.
 */
export function formatAverageScore({
  averageScore,
  averageServed,
}: Pick<ResultsStats, 'averageScore' | 'averageServed'>): string {
  if (averageServed === 0) return averageScore.toFixed(1)
  const served = Number.isInteger(averageServed) ? String(averageServed) : averageServed.toFixed(1)
  return `${averageScore.toFixed(1)}/${served}`
}
