import { useSelector } from '@xstate/react'
import type { ExamSessionRef, ExamSessionSnapshot } from './student-flow-context'
import { useOnlineStatus } from './use-online-status'

function savedState(snapshot: ExamSessionSnapshot | undefined): { text: string; tone: 'ok' | 'busy' | 'problem' } {
  // Without a session the submission, answers and all, is already stored on the device.
  if (!snapshot) return { text: 'Answers saved on this device', tone: 'ok' }
  const { revision, savedRevision, saveError } = snapshot.context
  if (saveError) return { text: `Not saved on this device: ${saveError}`, tone: 'problem' }
  if (savedRevision < revision) return { text: 'Saving on this device...', tone: 'busy' }
  return { text: 'Answers saved on this device', tone: 'ok' }
}

/** Whether every answer is safe on this device, and whether the device is online. */
export function SaveStatus({ session }: { session: ExamSessionRef | undefined }) {
  const saved = useSelector(session, savedState, (a, b) => a.text === b.text)
  const online = useOnlineStatus()
  return (
    <div className="save-status" role="status">
      <span className={`save-status__item save-status__item--${saved.tone}`}>{saved.text}</span>
      <span className={`save-status__item save-status__item--${online ? 'ok' : 'problem'}`}>
        {online ? 'Online' : 'Offline: answers stay on this device'}
      </span>
    </div>
  )
}
