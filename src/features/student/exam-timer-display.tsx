import { useSelector } from '@xstate/react'
import { examTimerView } from '../../../machines/exam-timer.machine'
import type { ExamAttempt } from '../../domain/exam-attempt'
import { timerColour } from '../../domain/exam-deadline'
import { formatMinutesSeconds } from '../../domain/time-format'
import type { ExamSessionRef } from './student-flow-context'

interface ExamTimerDisplayProps {
  session: ExamSessionRef | undefined
  attempt: ExamAttempt
}

/** Time left, coloured by how little is left (docs/product.md#exam-window-and-time); frozen at the submission once submitted. */
export function ExamTimerDisplay({ session, attempt }: ExamTimerDisplayProps) {
  const timer = useSelector(session, (snapshot) => snapshot?.children.timer)
  const running = useSelector(timer, (snapshot) => (snapshot ? examTimerView(snapshot.context) : null))
  const frozenSeconds =
    attempt.submittedAt == null ? null : Math.max(0, Math.ceil((attempt.deadline - attempt.submittedAt) / 1000))
  const view = running ?? (frozenSeconds === null ? null : { seconds: frozenSeconds, colour: timerColour(frozenSeconds) })
  if (!view) return null
  return (
    <div className={`exam-timer exam-timer--${view.colour}`} role="timer" aria-label="Time remaining">
      <span className="exam-timer__label">Time remaining</span>
      <span className="exam-timer__value">{formatMinutesSeconds(view.seconds)}</span>
    </div>
  )
}
