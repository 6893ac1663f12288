import { canBeMoved, refusalReasons, remainingMs, silenceMs, type AttemptStatus } from '../../../domain/attempt-status'
import { formatMinutesSeconds, formatTimeAgo } from '../../../domain/time-format'
import type { LiveAttempt } from '../../../lib/admin/admin-attempts'
import { ColumnHeadings } from '../components/column-headings'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { formatDateTime, formatTime } from '../components/format'
import { SubmissionFlagBadges } from '../components/submission-flag-badges'
import { TabSwitchCount } from '../components/tab-switch-count'

const statusLabels: Record<AttemptStatus, string> = {
  offline: 'Offline',
  submitted_on_device: 'Submitted on device, not yet received',
  refused: 'Refused',
  on_track: 'On track',
  received: 'Received',
  moved: 'Moved to a new device',
}

const statusTone: Record<AttemptStatus, string> = {
  offline: 'red',
  submitted_on_device: 'yellow',
  refused: 'red',
  on_track: 'green',
  received: 'blue',
  moved: 'grey',
}

// An attempt still being taken has no score yet: its row shows progress, time left and when it
// was last heard from, and, while it is written, the move to a new device.
const columns = ['Status', 'Student', 'Login code', 'Progress', 'Time left', 'Tab switches', 'Last seen', 'Actions']

/** The status in words: the reason for a refusal, when and by whom a moved attempt was moved. */
function statusLabel(attempt: LiveAttempt): string {
  const label = statusLabels[attempt.status]
  if (attempt.status === 'refused' && attempt.refusal) return `${label}: ${refusalReasons[attempt.refusal]}`
  if (attempt.status === 'moved' && attempt.moved_at) {
    return `${label} at ${formatTime(attempt.moved_at)}${attempt.moved_by ? ` by ${attempt.moved_by}` : ''}`
  }
  return label
}

/** Who the row is about, in a button's name: the student, or their code before they gave a name. */
export function attemptStudent(attempt: Pick<LiveAttempt, 'student_name' | 'login_code'>): string {
  return attempt.student_name ?? `the student of login code ${attempt.login_code}`
}

interface AttemptsTableProps {
  attempts: LiveAttempt[]
  now: Date
  showExam?: boolean
  /** "Move to a new device" on a row still being written. */
  onMove: (attempt: LiveAttempt) => void
}

/** The proctor's table: one row per attempt, in the server's order (problems first), its times counted at `now`. */
export function AttemptsTable({ attempts, now, showExam = false, onMove }: AttemptsTableProps) {
  // Where several exams are in use, each row names its exam and sitting after the student.
  const headings = showExam ? [...columns.slice(0, 2), 'Exam', ...columns.slice(2)] : columns
  return (
    <div className="results-table-wrap" role="region" aria-label="Exam attempts" tabIndex={0}>
      <table className="results-table attempts-table">
        <caption className="visually-hidden">Exam attempts, problems first</caption>
        <ColumnHeadings names={headings} />
        <tbody>
          {attempts.map((attempt) => (
            <tr key={attempt.id}>
              <td>
                <span className={`admin-badge admin-badge--wraps admin-badge--${statusTone[attempt.status]}`}>
                  {statusLabel(attempt)}
                </span>
                {attempt.moved_from !== null && <span className="admin-badge admin-badge--grey">Resumed after a move</span>}
                {/* Two devices wrote this code at once (a second browser, or a move while the first was still on). */}
                {attempt.open_on_two_devices && (
                  <span className="admin-badge admin-badge--yellow">
                    <span aria-hidden="true">⧉ </span>Open on two devices
                  </span>
                )}
                <SubmissionFlagBadges submission={attempt} />
              </td>
              <th scope="row">
                {attempt.student_name ?? <span className="admin-muted">Name not given</span>}
                {/* The browser may evict such a device's saved answers under storage pressure. */}
                {attempt.storage_persistent === false && (
                  <small className="admin-muted attempts-table__note">storage not persistent</small>
                )}
              </th>
              {showExam && (
                <td>
                  {attempt.exam_name}
                  {attempt.sitting_name && <small className="admin-muted attempts-table__note">{attempt.sitting_name}</small>}
                </td>
              )}
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
                <TabSwitchCount count={attempt.tab_switches} />
              </td>
              <td>
                <time dateTime={attempt.last_seen} title={formatDateTime(attempt.last_seen)}>
                  {formatTimeAgo(silenceMs(attempt, now))}
                </time>
              </td>
              <td>
                {canBeMoved(attempt, now) && (
                  <button
                    type="button"
                    className="admin-button admin-button--small"
                    aria-label={`Move ${attemptStudent(attempt)} to a new device`}
                    onClick={() => onMove(attempt)}
                  >
                    Move to a new device
                  </button>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
