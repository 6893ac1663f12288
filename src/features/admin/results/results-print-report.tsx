import { formatExtraTime } from '../../../domain/extra-time'
import { formatAverageScore, resultsStats, scoreGrade } from '../../../domain/results-analytics'
import { formatMinutesSeconds } from '../../../domain/time-format'
import type { ResultsFilter, SubmissionResult } from '../../../lib/admin/admin-submissions'
import { ColumnHeadings } from '../components/column-headings'
import { formatDateTime, formatDay } from '../components/format'
import { submissionFlags } from '../components/submission-flags'
import type { PrintedReport } from './use-printed-report'
import { counted } from '../../../domain/counted'

// Paper has no Details to open nor badges to colour: the flags and extra time are written out as Notes.
const columns = ['Rank', 'Student', 'Login code', 'Score', 'Percentage', 'Tab switches', 'Time taken', 'Rating', 'Notes']

/**
 * The printed report: the figures, the ranking by score, a confidential footer
 * (docs/product.md#what-administrators-do). It is only displayed by the print stylesheet, which also
 * hides the rest of the page.
 */
export function ResultsPrintReport({ report }: { report: PrintedReport }) {
  const { summary, days, generatedAt } = report
  const stats = resultsStats(summary)
  return (
    <section className="results-print-report" aria-label="Printable results report">
      <h2>Holdfast Test Results Report</h2>
      <p>
        {reportScope(summary.filter)} · Generated {formatDateTime(generatedAt.toISOString())}
      </p>
      <p className="results-print-report__stats">
        Total submissions: {stats.total} · Average score: {formatAverageScore(stats)} · Pass rate: {stats.passRate}% · Students
        passed: {stats.passed}
      </p>
      {days.map(({ day, rows }) => (
        <PrintedDay key={day.day} day={day} rows={rows} />
      ))}
      <footer className="results-print-report__footer">
        CONFIDENTIAL: this report contains student results. It is for authorised staff only and must not be shared.
      </footer>
    </section>
  )
}

/** One day of the report: its figures and every row of its ranking. */
function PrintedDay({ day, rows }: PrintedReport['days'][number]) {
  const dayStats = resultsStats(day)
  return (
    <section className="results-print-report__day">
      <h3>
        {formatDay(day.day)}: {counted(dayStats.total, 'student')}, average {formatAverageScore(dayStats)}, pass rate{' '}
        {dayStats.passRate}%
      </h3>
      <table>
        <ColumnHeadings names={columns} />
        <tbody>
          {rows.map((submission) => {
            const { percentage, rating } = scoreGrade(submission.score, submission.question_count)
            return (
              <tr key={submission.id}>
                <td>{submission.rank ?? '—'}</td>
                <td>{submission.student_name}</td>
                <td>{submission.login_code}</td>
                <td>
                  {submission.score}/{submission.question_count}
                </td>
                <td>{percentage}%</td>
                <td>{submission.tab_switches}</td>
                <td>{formatMinutesSeconds(submission.time_taken)}</td>
                <td>{rating}</td>
                <td>{resultNotes(submission).join('; ')}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </section>
  )
}

/** What the report covers: "All Dates" or the chosen day, plus any search. */
function reportScope({ day, search }: ResultsFilter): string {
  return [day ? formatDay(day) : 'All Dates', search && `search "${search}"`].filter(Boolean).join(', ')
}

/** What the proctor should know beside the figures: voided (why), extra time given, a submission recovered from a file or arrived late. */
function resultNotes(submission: SubmissionResult): string[] {
  return [
    ...(submission.void_reason !== null ? [`Voided: ${submission.void_reason}`] : []),
    ...(submission.score_before_regrade !== null
      ? [`Regraded (was ${submission.score_before_regrade}/${submission.question_count})`]
      : []),
    ...(submission.extra_minutes > 0 ? [`${formatExtraTime(submission.extra_minutes)} extra time`] : []),
    ...submissionFlags(submission),
  ]
}
