import { useSelector } from '@xstate/react'
import { timeAddedMessage } from '../../domain/student-messages'
import type { ExamSessionRef } from './student-flow-context'

/** "Your proctor added N minutes." for a few seconds after the server moved the deadline later. */
export function TimeAddedNotice({ session }: { session: ExamSessionRef | undefined }) {
  const minutes = useSelector(session, (snapshot) =>
    snapshot?.matches({ inProgress: { timeNotice: 'shown' } }) ? snapshot.context.addedMinutes : null,
  )
  // The live region stays on the page, so a screen reader announces the text when it appears.
  return (
    <div role="status" className="exam__time-added-region">
      {minutes !== null && minutes !== undefined && <p className="exam__time-added">{timeAddedMessage(minutes)}</p>}
    </div>
  )
}
