import { useState, type FormEvent } from 'react'
import { formatMinutes, maxRoomMinutes, parseRoomMinutes } from '../../../domain/extra-time'
import { addTimeForEveryone, countStudentsStillWriting } from '../../../lib/admin/room-time'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'

interface AddTimeDialogProps {
  onClose: () => void
  /** After the server added the time: how many students it reached (0: nobody was writing any more). */
  onAdded: (minutes: number, students: number) => void
}

type Step = { kind: 'minutes' } | { kind: 'confirm'; minutes: number; students: number }

const studentsText = (students: number) => (students === 1 ? '1 student' : `${students} students`)

/** The confirmation of "Add time for everyone", naming how many students it reaches. */
export function confirmationText(minutes: number, students: number): string {
  return `Add ${formatMinutes(minutes)} for the ${studentsText(students)} still writing the current exam? Their deadlines move, and each device learns it at its next report.`
}

/** What the Proctor Room says once the time is added. */
export function addedText(minutes: number, students: number): string {
  return students === 0
    ? 'No student was still writing: no time was added.'
    : `Added ${formatMinutes(minutes)} for ${studentsText(students)}.`
}

/**
 * "Add time for everyone": minutes (1 to 180) for every student still writing the current
 * schedule, asked first and then confirmed with how many students it reaches.
 */
export function AddTimeDialog({ onClose, onAdded }: AddTimeDialogProps) {
  const [text, setText] = useState('')
  const [step, setStep] = useState<Step>({ kind: 'minutes' })
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function askToConfirm(event: FormEvent) {
    event.preventDefault()
    const parsed = parseRoomMinutes(text)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    setBusy(true)
    const counted = await countStudentsStillWriting()
    setBusy(false)
    if (!counted.ok) {
      setError(counted.error)
      return
    }
    setError(null)
    setStep({ kind: 'confirm', minutes: parsed.minutes, students: counted.data })
  }

  async function add(minutes: number) {
    setBusy(true)
    const added = await addTimeForEveryone(minutes)
    setBusy(false)
    if (!added.ok) {
      setError(added.error)
      return
    }
    onAdded(minutes, added.data)
  }

  return (
    <AdminDialog title="Add time for everyone" onClose={() => !busy && onClose()}>
      {step.kind === 'minutes' ? (
        // noValidate: our message replaces the browser's.
        <form onSubmit={(event) => void askToConfirm(event)} noValidate>
          <p className="admin-muted">
            Minutes added to the time of every student still writing the current exam, for example after a fire alarm.
          </p>
          <label className="admin-field">
            <span>Minutes to add (1 to {maxRoomMinutes})</span>
            <input
              type="number"
              min={1}
              max={maxRoomMinutes}
              step={1}
              inputMode="numeric"
              value={text}
              onChange={(event) => setText(event.target.value)}
              disabled={busy}
            />
          </label>
          <DialogActions error={error} onCancel={onClose} busy={busy}>
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              Continue
            </button>
          </DialogActions>
        </form>
      ) : step.students === 0 ? (
        <>
          <p>No student is writing the current exam right now: there is nobody to add time for.</p>
          <DialogActions onCancel={onClose} cancelLabel="Close" />
        </>
      ) : (
        <>
          <p>{confirmationText(step.minutes, step.students)}</p>
          <DialogActions error={error} onCancel={() => setStep({ kind: 'minutes' })} cancelLabel="Back" busy={busy}>
            <button
              type="button"
              className="admin-button admin-button--primary"
              onClick={() => void add(step.minutes)}
              disabled={busy}
            >
              {busy ? 'Adding...' : `Add ${formatMinutes(step.minutes)}`}
            </button>
          </DialogActions>
        </>
      )}
    </AdminDialog>
  )
}
