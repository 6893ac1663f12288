import { useMachine } from '@xstate/react'
import { useEffect } from 'react'
import { scheduleStatusView, severalExamsView, type ScheduleStatusView } from '../../../machines/schedule-status.machine'
import { studentMessages } from '../../domain/student-messages'
import { formatExamTime } from '../../lib/browser/interface-locale'
import { StudentFlow } from './student-flow-context'
import { liveScheduleStatusMachine } from './student-machines'

const statusOptions = { input: { now: () => Date.now() } }

/**
 * When the exam starts or ends, with a countdown that runs every second (docs/product.md#exam-window-and-time).
 * With several exams on, each exam's sitting until the code is known, then the code's exam's.
 */
export function ScheduleStatusPanel() {
  const [snapshot, send] = useMachine(liveScheduleStatusMachine, statusOptions)
  const codeExam = StudentFlow.useSelector((flow) => flow.context.codeLookup?.exam ?? null)
  useEffect(() => send({ type: 'CODE_EXAM', exam: codeExam }), [send, codeExam])
  // Its place is kept while the schedule loads, so the page's footer does not jump when it arrives.
  if (snapshot.matches('loading')) return <div className="schedule-status-placeholder" aria-hidden="true" />
  const sittings = severalExamsView(snapshot, formatExamTime)
  if (sittings) {
    return (
      <section className="schedule-status schedule-status--several" aria-label="Exam schedule">
        <p className="schedule-status__note">{studentMessages.severalExams}</p>
        <ul className="schedule-status__exams">
          {sittings.map((line) => (
            <li key={line.exam} className={`schedule-status__exam-line schedule-status--${line.status}`}>
              <SittingStatus view={line} />
            </li>
          ))}
        </ul>
      </section>
    )
  }
  const view = scheduleStatusView(snapshot, formatExamTime)
  if (!view) return null
  return (
    <section className={`schedule-status schedule-status--${view.status}`} aria-label="Exam schedule">
      <SittingStatus view={view} />
      {view.note && <p className="schedule-status__note">{view.note}</p>}
    </section>
  )
}

function SittingStatus({ view }: { view: Omit<ScheduleStatusView, 'note'> }) {
  return (
    <>
      {view.exam && <p className="schedule-status__exam">{view.exam}</p>}
      {view.size && <p className="schedule-status__size">{view.size}</p>}
      <p className="schedule-status__message">{view.message}</p>
      {view.countdown && (
        <p className="schedule-status__countdown">
          {view.countdown.label} <strong>{view.countdown.text}</strong>
        </p>
      )}
    </>
  )
}
