import { remainingMs, silenceMs, type AttemptStatus } from '../../../domain/attempt-status'
import { tabSwitchColour } from '../../../domain/results-analytics'
import { formatMinutesSeconds, formatTimeAgo } from '../../../domain/time-format'
import type { LiveAttempt } from '../../../lib/admin/admin-attempts'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { submissionFlags } from '../results/submission-flags'
import { formatDateTime } from '../components/format'

const statusLabels: Record<AttemptStatus, string> = {
  offline: 'Offline',
  submitted_on_device: 'Submitted on device, not yet received',
  on_track: 'On track',
  received: 'Received',
}

const statusTone: Record<AttemptStatus, string> = {
  offline: 'red',
  submitted_on_device: 'yellow',
  on_track: 'green',
  received: 'blue',
}

/** The proctor's table: one row per attempt, in the server's order (problems first), its times counted at `now`. */
export function AttemptsTable({ attempts, now }: { attempts: LiveAttempt[]; now: Date }) {
  return (
    <div className="results-table-wrap" role="region" aria-label="Exam attempts" tabIndex={0}>
      <table className="results-table attempts-table">
        <caption className="visually-hidden">Exam attempts, problems first</caption>
        <thead>
          <tr>
            <th scope="col">Status</th>
            <th scope="col">Student</th>
            <th scope="col">Login code</th>
            <th scope="col">Progress</th>
            <th scope="col">Time left</th>
            <th scope="col">Tab switches</th>
            <th scope="col">Last seen</th>
          </tr>
        </thead>
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td>
                <span className={`admin-badge admin-badge--${statusTone[attempt.status]}`}>{statusLabels[attempt.status]}</span>
                {submissionFlags(attempt).map((flag) => (
                  <span key={flag} className="admin-badge admin-badge--purple">
                    {flag}
                  </span>
                ))}
              </td>
              <th scope="row">{attempt.student_name ?? <span className="admin-muted">Name not given</span>}</th>
              <td className="admin-mono">{attempt.login_code}</td>
              <td>
                {attempt.answered_count} / {attempt.question_count}
              </td>
              <td>
                {/* Time runs out only for an exam still being taken. */}
                {attempt.status === 'on_track' || attempt.status === 'offline'
                  ? formatMinutesSeconds(remainingMs(attempt, now) / 1000)
                  : '—'}
                {attempt.extra_minutes > 0 && <ExtraTimeBadge minutes={attempt.extra_minutes} />}
              </td>
              <td>
                <span className={`tab-switches tab-switches--${tabSwitchColour(attempt.tab_switches)}`}>
                  {attempt.tab_switches}
                </span>
              </td>
              <td>
                <time dateTime={attempt.last_seen} title={formatDateTime(attempt.last_seen)}>
                  {formatTimeAgo(silenceMs(attempt, now))}
                </time>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
