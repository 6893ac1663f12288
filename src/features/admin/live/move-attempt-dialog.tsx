import { useEffect, useId, useRef, useState } from 'react'
import { offerAttemptMove, type AttemptMoveOffer, type LiveAttempt } from '../../../lib/admin/admin-attempts'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { formatTime } from '../components/format'
import { attemptStudent } from './attempt-facts'

interface MoveAttemptDialogProps {
  attempt: Pick<LiveAttempt, 'id' | 'student_name' | 'login_code'>
  onClose: () => void
}

/**
 * "Move to a new device": asks the server for a resume PIN as it opens (the button that opened it
 * was the proctor's decision; a second offer for the code replaces the first, so there is nothing
 * to confirm) and shows it with how long it is valid and how the student uses it, or the server's
 * refusal in its own words.
 */
export function MoveAttemptDialog({ attempt, onClose }: MoveAttemptDialogProps) {
  const [offer, setOffer] = useState<AdminResult<AttemptMoveOffer> | null>(null)
  const pinLabelId = useId()
  // One request per attempt shown: each offer replaces the code's earlier PIN on the server, so a
  // second request (StrictMode mounts an effect twice) could make the PIN on screen a dead one.
  const request = useRef<{ attemptId: string; answer: Promise<AdminResult<AttemptMoveOffer>> } | null>(null)

  useEffect(() => {
    let current = true
    if (request.current?.attemptId !== attempt.id)
      request.current = { attemptId: attempt.id, answer: offerAttemptMove(attempt.id) }
    void request.current.answer.then((answer) => {
      if (current) setOffer(answer)
    })
    // Closed before the answer: it is not shown.
    return () => {
      current = false
    }
  }, [attempt.id])

  return (
    <AdminDialog title={`Move ${attemptStudent(attempt)} to a new device`} onClose={onClose} className="move-attempt-dialog">
      {offer === null ? (
        <p role="status">Making a resume PIN...</p>
      ) : offer.ok ? (
        <>
          <p>
            <span id={pinLabelId}>Resume PIN</span>
            {/* An output is a status: a screen reader reads the PIN out once it arrives. */}
            <output className="move-attempt-dialog__pin admin-mono" aria-labelledby={pinLabelId}>
              {offer.data.pin}
            </output>
          </p>
          <p>Valid until {formatTime(offer.data.expiresAt)} (10 minutes)</p>
          <p>
            On the new device, enter the login code, then this PIN. Login code:{' '}
            <span className="admin-mono">{attempt.login_code}</span>
          </p>
          <p className="admin-muted">
            The exam continues there with the answers the server has received, the same questions and the same deadline; the old
            device stops. Making another PIN for this student replaces this one.
          </p>
        </>
      ) : null}
      <DialogActions error={offer && !offer.ok ? offer.error : null} onCancel={onClose} cancelLabel="Close" />
    </AdminDialog>
  )
}
