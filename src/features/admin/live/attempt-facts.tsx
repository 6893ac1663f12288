import type { ReactNode } from 'react'
import { canBeMoved, isSilent, refusalReasons, remainingMs, silenceMs, type AttemptStatus } from '../../../domain/attempt-status'
import type { RoomOutage } from '../../../domain/room-outage'
import { formatMinutesSeconds, formatTimeAgo } from '../../../domain/time-format'
import type { LiveAttempt } from '../../../lib/admin/admin-attempts'
import { ExtraTimeBadge } from '../components/extra-time-badge'
import { formatDateTime, formatTime } from '../components/format'
import { SubmissionFlagBadges } from '../components/submission-flag-badges'
import { TabSwitchCount } from '../components/tab-switch-count'

// What the Proctor Room says of one attempt, fact by fact: the table (a desktop) and the cards (a
// phone) show the same facts and actions from here, so neither can fall behind the other.

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

/** A device that stopped with the rest of the room: its student can keep working, so it is no alarm (grey, not red). */
export const notReportingLabel = 'Not reporting'

/** What the facts are read against: the moment shown, the room's outage if any, and the row actions. */
export interface AttemptContext {
  now: Date
  outage: RoomOutage | undefined
  onExtraTime: (attempt: LiveAttempt) => void
  onNote: (attempt: LiveAttempt) => void
  onMove: (attempt: LiveAttempt) => void
}

/** Who the row is about, in a button's name: the student, or their code before they gave a name. */
export function attemptStudent(attempt: Pick<LiveAttempt, 'student_name' | 'login_code'>): string {
  return attempt.student_name ?? `the student of login code ${attempt.login_code}`
}

/** The status in words: the reason for a refusal, when and by whom a moved attempt was moved, or part of the room's outage. */
function statusLabel(attempt: LiveAttempt, outage: RoomOutage | undefined): string {
  if (outage?.includes(attempt)) return notReportingLabel
  const label = statusLabels[attempt.status]
  if (attempt.status === 'refused' && attempt.refusal) return `${label}: ${refusalReasons[attempt.refusal]}`
  if (attempt.status === 'moved' && attempt.moved_at) {
    return `${label} at ${formatTime(attempt.moved_at)}${attempt.moved_by ? ` by ${attempt.moved_by}` : ''}`
  }
  return label
}

function AttemptStatusBadges({ attempt, outage }: { attempt: LiveAttempt; outage: RoomOutage | undefined }) {
  const tone = outage?.includes(attempt) ? 'grey' : statusTone[attempt.status]
  return (
    <>
      <span className={`admin-badge admin-badge--wraps admin-badge--${tone}`}>{statusLabel(attempt, outage)}</span>
      {attempt.moved_from !== null && <span className="admin-badge admin-badge--grey">Resumed after a move</span>}
      {/* Two devices wrote this code at once (a second browser, or a move while the first was still on). */}
      {attempt.open_on_two_devices && (
        <span className="admin-badge admin-badge--yellow">
          <span aria-hidden="true">⧉ </span>Open on two devices
        </span>
      )}
      <SubmissionFlagBadges submission={attempt} />
    </>
  )
}

/** When a silent device last reported, under a figure that is as of then. */
function AsOf({ attempt, words }: { attempt: LiveAttempt; words: string }) {
  return (
    <small className="admin-muted attempts-table__note">
      {words} <time dateTime={attempt.last_seen}>{formatTime(attempt.last_seen)}</time>
    </small>
  )
}

function Progress({ attempt, now }: { attempt: LiveAttempt; now: Date }) {
  return (
    <>
      {attempt.answered_count} / {attempt.question_count}
      {isSilent(attempt, now) && <AsOf attempt={attempt} words="at" />}
    </>
  )
}

/**
 * Time runs out only for an exam still being taken. A silent device's is what it had left at its
 * last report, and says so: the proctor cannot know whether its student is still writing.
 */
function TimeLeft({ attempt, now }: { attempt: LiveAttempt; now: Date }) {
  const writing = attempt.status === 'on_track' || attempt.status === 'offline'
  const silent = isSilent(attempt, now)
  const shownAt = silent ? new Date(attempt.last_seen) : now
  return (
    <>
      {writing ? formatMinutesSeconds(remainingMs(attempt, shownAt) / 1000) : '—'}
      {writing && silent && <AsOf attempt={attempt} words="as of" />}
      {attempt.extra_minutes > 0 && <ExtraTimeBadge minutes={attempt.extra_minutes} />}
    </>
  )
}

function StudentDetails({ attempt }: { attempt: LiveAttempt }) {
  return (
    <>
      {attempt.seat !== null && <small className="attempts-table__note">Seat {attempt.seat}</small>}
      {attempt.note !== null && <small className="attempts-table__note attempts-table__proctor-note">Note: {attempt.note}</small>}
      {/* The browser may evict such a device's saved answers under storage pressure. */}
      {attempt.storage_persistent === false && (
        <small className="admin-muted attempts-table__note">
          This browser may clear the answers if the phone runs out of space
        </small>
      )}
    </>
  )
}

/** The student's name (or that none was given), and what the proctor noted of them. */
export function AttemptStudentCell({ attempt }: { attempt: LiveAttempt }) {
  return (
    <>
      {/* The name in an element of its own, so that it is found as itself whatever is noted under it. */}
      {attempt.student_name !== null ? <span>{attempt.student_name}</span> : <span className="admin-muted">Name not given</span>}
      <StudentDetails attempt={attempt} />
    </>
  )
}

/** The row's buttons, each naming its student: extra time and the move while the exam is being written, a note always. */
export function AttemptActions({ attempt, context }: { attempt: LiveAttempt; context: AttemptContext }) {
  const student = attemptStudent(attempt)
  const writing = attempt.status === 'on_track' || attempt.status === 'offline'
  return (
    <div className="attempt-actions">
      {writing && (
        <button
          type="button"
          className="admin-button admin-button--small"
          aria-label={`Extra time for ${student}`}
          onClick={() => context.onExtraTime(attempt)}
        >
          Extra time
        </button>
      )}
      <button
        type="button"
        className="admin-button admin-button--small"
        aria-label={`Note for ${student}`}
        onClick={() => context.onNote(attempt)}
      >
        Note
      </button>
      {canBeMoved(attempt, context.now) && (
        <button
          type="button"
          className="admin-button admin-button--small"
          aria-label={`Move ${student} to a new device`}
          onClick={() => context.onMove(attempt)}
        >
          Move to a new device
        </button>
      )}
    </div>
  )
}

/** One fact of an attempt: its column heading in the table, its term on a card, and what it says. */
export interface AttemptFact {
  heading: string
  show: (attempt: LiveAttempt, context: AttemptContext) => ReactNode
  /** The login code is set in monospace, to be read out without confusion. */
  mono?: boolean
}

/** The facts of each attempt, in the table's column order (the student, the row's heading, comes second there). */
export function attemptFacts(showExam: boolean): { status: AttemptFact; rest: AttemptFact[] } {
  const exam: AttemptFact[] = showExam
    ? [
        {
          heading: 'Exam',
          show: (attempt) => (
            <>
              {attempt.exam_name}
              {attempt.sitting_name && <small className="admin-muted attempts-table__note">{attempt.sitting_name}</small>}
            </>
          ),
        },
      ]
    : []
  return {
    status: { heading: 'Status', show: (attempt, { outage }) => <AttemptStatusBadges attempt={attempt} outage={outage} /> },
    rest: [
      ...exam,
      { heading: 'Login code', show: (attempt) => attempt.login_code, mono: true },
      { heading: 'Progress', show: (attempt, { now }) => <Progress attempt={attempt} now={now} /> },
      { heading: 'Time left', show: (attempt, { now }) => <TimeLeft attempt={attempt} now={now} /> },
      { heading: 'Tab switches', show: (attempt) => <TabSwitchCount count={attempt.tab_switches} /> },
      {
        heading: 'Last seen',
        show: (attempt, { now }) => (
          <time dateTime={attempt.last_seen} title={formatDateTime(attempt.last_seen)}>
            {formatTimeAgo(silenceMs(attempt, now))}
          </time>
        ),
      },
    ],
  }
}
