import { useMachine } from '@xstate/react'
import { scheduleStatusView } from '../../../machines/schedule-status.machine'
import { liveScheduleStatusMachine } from './student-machines'

const statusOptions = { input: { now: () => Date.now() } }

/** When the exam starts or ends, with a countdown that runs every second (docs/product.md#exam-window-and-time). */
export function ScheduleStatusPanel() {
  const [snapshot] = useMachine(liveScheduleStatusMachine, statusOptions)
  const view = scheduleStatusView(snapshot)
  // Its place is kept while the schedule loads, so the login step below does not jump when it arrives.
  if (snapshot.matches('loading')) return <div className="schedule-status-placeholder" aria-hidden="true" />
  if (!view) return null
  return (
    <section className={`schedule-status schedule-status--${view.status}`} aria-label="Exam schedule">
      <p className="schedule-status__message">{view.message}</p>
      {view.note && <p className="schedule-status__note">{view.note}</p>}
      {view.countdown && (
        <p className="schedule-status__countdown">
          {view.countdown.label} <strong>{view.countdown.text}</strong>
        </p>
      )}
    </section>
  )
}
