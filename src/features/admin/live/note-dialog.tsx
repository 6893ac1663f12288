import { useState, type FormEvent } from 'react'
import { noteAttempt, type LiveAttempt } from '../../../lib/admin/admin-attempts'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { useDialogAction } from '../components/use-dialog-action'
import { attemptStudent } from './attempt-facts'

/** As public.note_attempt refuses longer ones; the fields stop there, so the server's refusal is never reached. */
export const seatMaxLength = 20
export const noteMaxLength = 500

interface NoteDialogProps {
  attempt: Pick<LiveAttempt, 'id' | 'student_name' | 'login_code' | 'seat' | 'note'>
  onClose: () => void
  onSaved: () => void
}

/** "Note": the seat and a note the proctor keeps on an attempt (an incident, "moved to spare laptop"), both optional. */
export function NoteDialog({ attempt, onClose, onSaved }: NoteDialogProps) {
  const [seat, setSeat] = useState(attempt.seat ?? '')
  const [note, setNote] = useState(attempt.note ?? '')
  const { busy: saving, error, run } = useDialogAction()

  async function save(event: FormEvent) {
    event.preventDefault()
    await run(() => noteAttempt(attempt.id, seat, note), onSaved)
  }

  return (
    <AdminDialog title={`Note for ${attemptStudent(attempt)}`} onClose={() => !saving && onClose()}>
      <form onSubmit={(event) => void save(event)}>
        <p className="admin-muted">
          Both are optional: where the student sits, and what happened (up to {noteMaxLength} characters).
        </p>
        <label className="admin-field">
          <span>Seat</span>
          <input
            value={seat}
            maxLength={seatMaxLength}
            onChange={(event) => setSeat(event.target.value)}
            disabled={saving}
            autoComplete="off"
          />
        </label>
        <label className="admin-field">
          <span>Note</span>
          <textarea
            value={note}
            maxLength={noteMaxLength}
            rows={4}
            onChange={(event) => setNote(event.target.value)}
            disabled={saving}
          />
        </label>
        <DialogActions error={error} onCancel={onClose} busy={saving}>
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save note'}
          </button>
        </DialogActions>
      </form>
    </AdminDialog>
  )
}
