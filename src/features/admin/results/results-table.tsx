import { scoreGrade, tabSwitchColour } from '../../../domain/results-analytics'
import { examSize } from '../../../domain/score'
import { formatMinutesSeconds } from '../../../domain/time-format'
import type { SubmissionResult } from '../../../lib/admin/admin-submissions'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { formatDateTime, formatTime } from '../components/format'
import { submissionFlags } from './submission-flags'

const ratingTone = { Excellent: 'green', Pass: 'blue', 'Needs Improvement': 'red' } as const

/** Rows of one day's ranking by score, with each submission's receipt in its details. */
export function ResultsTable({ results, caption }: { results: readonly SubmissionResult[]; caption: string }) {
  return (
    <div className="results-table-wrap" role="region" aria-label={caption} tabIndex={0}>
      <table className="results-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Rank</th>
            <th scope="col">Student</th>
            <th scope="col">Login code</th>
            <th scope="col">Time</th>
            <th scope="col">Score</th>
            <th scope="col">Percentage</th>
            <th scope="col">Tab switches</th>
            <th scope="col">Time taken</th>
            <th scope="col">Rating</th>
            <th scope="col">Details</th>
          </tr>
        </thead>
        <tbody>
          {results.map((submission) => {
            const { percentage, rating } = scoreGrade(submission.score)
            return (
              <tr key={submission.id}>
                <td>#{submission.rank}</td>
                <th scope="row">
                  {submission.student_name}
                  {submissionFlags(submission).map((flag) => (
                    <span key={flag} className="admin-badge admin-badge--purple">
                      {flag}
                    </span>
                  ))}
                </th>
                <td className="admin-mono">{submission.login_code}</td>
                <td>{formatTime(submission.submitted_at)}</td>
                <td>
                  {submission.score}/{examSize}
                </td>
                <td>{percentage}%</td>
                <td>
                  <span className={`tab-switches tab-switches--${tabSwitchColour(submission.tab_switches)}`}>
                    {submission.tab_switches}
                  </span>
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
                    </dl>
                  </details>
                </td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
