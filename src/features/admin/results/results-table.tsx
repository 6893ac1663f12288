import { scoreGrade } from '../../../domain/results-analytics'
import { formatMinutesSeconds } from '../../../domain/time-format'
import type { SubmissionResult } from '../../../lib/admin/admin-submissions'
import { ColumnHeadings } from '../components/column-headings'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { formatDateTime, formatTime } from '../components/format'
import { SubmissionFlagBadges } from '../components/submission-flag-badges'
import { serverCopyDetail } from '../components/submission-flags'
import { TabSwitchCount } from '../components/tab-switch-count'
import { SubmissionVoidControl } from './submission-void-control'

const ratingTone = { Excellent: 'green', Pass: 'blue', 'Needs Improvement': 'red' } as const

const columns = [
  'Rank',
  'Student',
  'Login code',
  'Time',
  'Score',
  'Percentage',
  'Tab switches',
  'Time taken',
  'Rating',
  'Details',
  'Actions',
]

interface ResultsTableProps {
  results: readonly SubmissionResult[]
  caption: string
  onError: (message: string) => void
}

/** Rows of one day's ranking by score, each with its receipt in its details and its Void or Restore in the row. */
export function ResultsTable({ results, caption, onError }: ResultsTableProps) {
  return (
    <div className="results-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="results-table">
        <caption className="visually-hidden">{caption}</caption>
        <ColumnHeadings names={columns} />
        <tbody>
          {results.map((submission) => {
            const { percentage, rating } = scoreGrade(submission.score, submission.question_count)
            const serverCopy = serverCopyDetail(submission, formatDateTime)
            return (
              <tr key={submission.id}>
                <td>{submission.rank === null ? '—' : `#${submission.rank}`}</td>
                <th scope="row">
                  {submission.student_name}
                  <SubmissionFlagBadges submission={submission} />
                  {submission.void_reason !== null && (
                    <span className="result-note">
                      <span className="admin-badge admin-badge--red">Voided</span> {submission.void_reason}
                    </span>
                  )}
                  {submission.score_before_regrade !== null && (
                    <span className="result-note">
                      <span className="admin-badge admin-badge--yellow">Regraded</span> was {submission.score_before_regrade}/
                      {submission.question_count}
                    </span>
                  )}
                </th>
                <td className="admin-mono">{submission.login_code}</td>
                <td>{formatTime(submission.submitted_at)}</td>
                <td>
                  {submission.score}/{submission.question_count}
                </td>
                <td>{percentage}%</td>
                <td>
                  <TabSwitchCount count={submission.tab_switches} />
                </td>
                <td>
                  {formatMinutesSeconds(submission.time_taken)}
                  {submission.extra_minutes > 0 && <ExtraTimeBadge minutes={submission.extra_minutes} />}
                </td>
                <td>
                  <span className={`admin-badge admin-badge--${ratingTone[rating]}`}>{rating}</span>
                </td>
                <td>
                  <details className="result-details">
                    <summary>
                      Details<span className="visually-hidden"> for {submission.student_name}</span>
                    </summary>
                    <dl>
                      <dt>Receipt</dt>
                      <dd className="admin-mono">{submission.answers_fingerprint}</dd>
                      <dt>Started</dt>
                      <dd>{formatDateTime(submission.started_at)}</dd>
                      <dt>Submitted</dt>
                      <dd>{formatDateTime(submission.submitted_at)}</dd>
                      <dt>Received by the server</dt>
                      <dd>{formatDateTime(submission.received_at)}</dd>
                      {serverCopy !== null && (
                        <>
                          <dt>How it arrived</dt>
                          <dd>{serverCopy}</dd>
                        </>
                      )}
                      {submission.voided_at !== null && (
                        <>
                          <dt>Voided</dt>
                          <dd>{formatDateTime(submission.voided_at)}</dd>
                        </>
                      )}
                    </dl>
                  </details>
                </td>
                <td>
                  <SubmissionVoidControl submission={submission} onError={onError} />
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
