import { useId, useState, type FormEvent } from 'react'
import { formatMinutes, maxRoomMinutes, parseRoomMinutes } from '../../../domain/extra-time'
import type { RoomFilter } from '../../../lib/admin/admin-attempts'
import { listSchedules } from '../../../lib/admin/admin-schedules'
import { addTimeForEveryone, countStudentsStillWriting } from '../../../lib/admin/room-time'
import { useAdminData } from '../components/use-admin-data'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { MinutesInput } from '../components/minutes-input'
import { useDialogAction } from '../components/use-dialog-action'
import { counted } from '../../../domain/counted'

interface AddTimeDialogProps {
  onClose: () => void
  /** After the server added the time: how many students it reached (0: nobody was writing any more). */
  onAdded: (minutes: number, students: number) => void
  /** The Proctor Room's filter: the time is for that exam (and sitting), named by `label`. */
  room?: RoomFilter & { label: string }
  /** Without a filter, the exams in use to ask among when there are several; none asks nothing (one exam). */
  exams?: readonly { id: string; name: string }[]
}

type Step = { kind: 'minutes' } | { kind: 'confirm'; minutes: number; students: number; room: Room | undefined }
type Room = RoomFilter & { label: string }

/** The confirmation of "Add time for everyone", naming how many students it reaches (and of which exam, where several). */
export function confirmationText(minutes: number, students: number, label = 'the current exam'): string {
  return `Add ${formatMinutes(minutes)} for the ${counted(students, 'student')} still writing ${label}? Their deadlines move, and each device learns it at its next report.`
}

/** What the Proctor Room says once the time is added. */
export function addedText(minutes: number, students: number): string {
  return students === 0
    ? 'No student was still writing: no time was added.'
    : `Added ${formatMinutes(minutes)} for ${counted(students, 'student')}.`
}

/**
 * "Add time for everyone": minutes (1 to 180) for every student still writing the current
 * schedule, asked first and then confirmed with how many students it reaches.
 */
export function AddTimeDialog({ onClose, onAdded, room: preset, exams = [] }: AddTimeDialogProps) {
  const [text, setText] = useState('')
  const { busy, error, setError, run } = useDialogAction()
  const asking = !preset && exams.length > 1
  const [examId, setExamId] = useState('')
  const [sittingId, setSittingId] = useState('')
  const examFieldId = useId()
  const sittingFieldId = useId()
  // The picked exam's active sittings, to narrow the time to one of them.
  const { data: sittings } = useAdminData(
    [examId],
    async () => (examId ? listSchedules(examId) : { ok: true as const, data: [] }),
    setError,
  )
  const activeSittings = sittings?.filter((sitting) => sitting.is_active) ?? []
  const [step, setStep] = useState<Step>({ kind: 'minutes' })

  async function askToConfirm(event: FormEvent) {
    event.preventDefault()
    const parsed = parseRoomMinutes(text)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    const room = asking ? pickedRoom() : preset
    if (asking && !room) {
      setError('Choose the exam the time is for')
      return
    }
    // A one-exam school's calls stay today's: no exam named.
    const roomArgs: [] | [RoomFilter] = room ? [room] : []
    await run(
      () => countStudentsStillWriting(...roomArgs),
      (students) => {
        setError(null)
        setStep({ kind: 'confirm', minutes: parsed.minutes, students, room })
      },
    )
  }

  function pickedRoom(): Room | undefined {
    const exam = exams.find((choice) => choice.id === examId)
    if (!exam) return undefined
    const sitting = activeSittings.find((choice) => choice.id === sittingId)
    return sitting
      ? { examId: exam.id, sittingId: sitting.id, label: `${exam.name}, ${sitting.exam_name}` }
      : { examId: exam.id, label: exam.name }
  }

  async function add(minutes: number, room: Room | undefined) {
    await run(
      () => addTimeForEveryone(minutes, ...(room ? [room] : [])),
      (added) => onAdded(minutes, added),
    )
  }

  return (
    <AdminDialog title="Add time for everyone" onClose={() => !busy && onClose()}>
      {step.kind === 'minutes' ? (
        // noValidate: our message replaces the browser's.
        <form onSubmit={(event) => void askToConfirm(event)} noValidate>
          <p className="admin-muted">
            Minutes added to the time of every student still writing the current exam, for example after a fire alarm.
          </p>
          {asking && (
            <>
              <div className="admin-field">
                <label htmlFor={examFieldId}>Exam</label>
                <select
                  id={examFieldId}
                  value={examId}
                  onChange={(event) => {
                    setExamId(event.target.value)
                    setSittingId('')
                  }}
                  disabled={busy}
                >
                  <option value="">Choose an exam</option>
                  {exams.map((exam) => (
                    <option key={exam.id} value={exam.id}>
                      {exam.name}
                    </option>
                  ))}
                </select>
              </div>
              {activeSittings.length > 1 && (
                <div className="admin-field">
                  <label htmlFor={sittingFieldId}>Sitting</label>
                  <select
                    id={sittingFieldId}
                    value={sittingId}
                    onChange={(event) => setSittingId(event.target.value)}
                    disabled={busy}
                  >
                    <option value="">Every sitting of the exam</option>
                    {activeSittings.map((sitting) => (
                      <option key={sitting.id} value={sitting.id}>
                        {sitting.exam_name}
                      </option>
                    ))}
                  </select>
                </div>
              )}
            </>
          )}
          <label className="admin-field">
            <span>Minutes to add (1 to {maxRoomMinutes})</span>
            <MinutesInput min={1} max={maxRoomMinutes} value={text} onChange={setText} disabled={busy} />
          </label>
          <DialogActions error={error} onCancel={onClose} busy={busy}>
            <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
              Continue
            </button>
          </DialogActions>
        </form>
      ) : step.students === 0 ? (
        <>
          <p>No student is writing {step.room?.label ?? 'the current exam'} right now: there is nobody to add time for.</p>
          <DialogActions onCancel={onClose} cancelLabel="Close" />
        </>
      ) : (
        <>
          <p>{confirmationText(step.minutes, step.students, step.room?.label)}</p>
          <DialogActions error={error} onCancel={() => setStep({ kind: 'minutes' })} cancelLabel="Back" busy={busy}>
            <button
              type="button"
              className="admin-button admin-button--primary"
              onClick={() => void add(step.minutes, step.room)}
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
