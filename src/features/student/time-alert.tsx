import { useSelector } from '@xstate/react'
import { useState } from 'react'
import { timeAlertMessage, type TimeAlertMinutes } from '../../domain/exam-deadline'
import type { ExamSessionRef } from './student-flow-context'

/**
 * "5 minutes left." and "1 minute left." in an alert region that is on the page from the start, so screen readers
 * announce the line as it appears (docs/product.md#exam-window-and-time). The timer decides when an alert is passed;
 * the line stays while it is true: a deadline moved later (extra time) restarts the timer and takes it away.
 */
export function TimeAlert({ session }: { session: ExamSessionRef | undefined }) {
  const timer = useSelector(session, (snapshot) => snapshot?.children.timer)
  const passed = useSelector(timer, (snapshot) => snapshot?.context.alert ?? null)
  const remainingMs = useSelector(timer, (snapshot) => snapshot?.context.remainingMs ?? null)
  const [shown, setShown] = useState<TimeAlertMinutes | null>(null)
  // Kept across a restarted timer (its own alert starts empty), dropped once the time left is above it again.
  if (passed !== null && passed !== shown) setShown(passed)
  else if (shown !== null && remainingMs !== null && remainingMs > shown * 60_000) setShown(null)
  return (
    <div className="exam__time-alert" role="alert">
      {shown !== null && <p>{timeAlertMessage(shown)}</p>}
    </div>
  )
}
