import { formatAverageScore, type DayGroup, type ResultsStats } from '../../../domain/results-analytics'
import { examSize } from '../../../domain/score'
import { formatExtraTime } from '../../../domain/extra-time'
import { formatMinutesSeconds } from '../../../domain/time-format'
import type { SubmissionResult } from '../../../lib/admin-submissions'
import { formatDateTime, formatDay } from '../components/format'
import { submissionFlags } from './submission-flags'

interface ResultsPrintReportProps {
  days: DayGroup<SubmissionResult>[]
  stats: ResultsStats
  /** What the report covers: "All Dates" or the chosen day, plus any search. */
  scope: string
  generatedAt: Date
}

/**
 * The printed report (spec §9: stats, rank by score, a confidential footer). It is only
 * displayed by the print stylesheet, which also hides the rest of the page.
 */
export function ResultsPrintReport({ days, stats, scope, generatedAt }: ResultsPrintReportProps) {
  return (
    <section className="results-print-report" aria-label="Printable results report">
      <h2>Holdfast Test Results Report</h2>
      <p>
        {scope} · Generated {formatDateTime(generatedAt.toISOString())}
      </p>
      <p className="results-print-report__stats">
        Total submissions: {stats.total} · Average score: {formatAverageScore(stats.averageScore)}/{examSize} · Pass rate:{' '}
        {stats.passRate}% · Students passed: {stats.passed}
      </p>
      {days.map((day) => (
        <section key={day.dateKey} className="results-print-report__day">
          <h3>
            {formatDay(day.dateKey)}: {day.stats.total} students, average {formatAverageScore(day.stats.averageScore)}/{examSize},
            pass rate {day.stats.passRate}%
          </h3>
          <table>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Student</th>
                <th scope="col">Login code</th>
                <th scope="col">Score</th>
                <th scope="col">Percentage</th>
                <th scope="col">Tab switches</th>
                <th scope="col">Time taken</th>
                <th scope="col">Rating</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {day.results.map(({ submission, rank, percentage, rating }) => (
                <tr key={submission.id}>
                  <td>{rank}</td>
                  <td>{submission.student_name}</td>
                  <td>{submission.login_code}</td>
                  <td>
                    {submission.score}/{examSize}
                  </td>
                  <td>{percentage}%</td>
                  <td>{submission.tab_switches}</td>
                  <td>{formatMinutesSeconds(submission.time_taken)}</td>
                  <td>{rating}</td>
                  <td>{resultNotes(submission).join('; ')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <footer className="results-print-report__footer">
        CONFIDENTIAL: this report contains student results. It is for authorised staff only and must not be shared.
      </footer>
    </section>
  )
}

/** What the proctor should know beside the figures: extra time given, a submission recovered from a file or arrived late. */
function resultNotes(submission: SubmissionResult): string[] {
  return [
    ...(submission.extra_minutes > 0 ? [`${formatExtraTime(submission.extra_minutes)} extra time`] : []),
    ...submissionFlags(submission),
  ]
}
