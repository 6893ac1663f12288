import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { examNameProblem } from '../../../domain/exam-name'
import { maxDurationMinutes, minDurationMinutes } from '../../../domain/schedule-draft'
import {
  createExam,
  duplicateExam,
  loadExamOverview,
  renameExam,
  setExamArchived,
  type ExamOverview,
} from '../../../lib/admin/admin-exams'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { AdminDialog } from '../components/admin-dialog'
import { AdminPage } from '../components/admin-page'
import { DialogActions } from '../components/dialog-actions'
import { ExamStatusBadge } from '../components/exam-status-badge'
import { formatDateTime } from '../components/format'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages } from '../components/use-flash-messages'
import { examParameter, useExams } from '../components/exam-choice'
import { counted } from '../../../domain/counted'

/** What the open dialog does: create an exam, or rename or duplicate one. */
type Editing = { kind: 'create' } | { kind: 'rename' | 'duplicate'; exam: ExamOverview }

const defaultDuration = 30

/** /admin/exams: every exam, with its status and figures; create, rename, duplicate, archive and bring back. */
export function ExamListPage() {
  const messages = useFlashMessages()
  const { reload: reloadExams } = useExams()
  const { data: exams, reload } = useAdminData([], loadExamOverview, messages.showError)
  const [editing, setEditing] = useState<Editing | null>(null)
  const [busyId, setBusyId] = useState<string | null>(null)

  /** After a change: the list here and the picker of every screen are read again. */
  async function changed(result: AdminResult<unknown>, success: string): Promise<boolean> {
    if (!result.ok) {
      messages.showError(result.error)
      return false
    }
    messages.showSuccess(success)
    await Promise.all([reload(), reloadExams()])
    return true
  }

  async function toggleArchived(exam: ExamOverview) {
    const archive = exam.archived_at === null
    setBusyId(exam.id)
    await changed(await setExamArchived(exam.id, archive), archive ? `Archived ${exam.name}` : `Brought back ${exam.name}`)
    setBusyId(null)
  }

  return (
    <AdminPage
      title="Exams"
      subtitle={exams ? counted(exams.length, 'exam') : undefined}
      messages={messages}
      actions={
        <button type="button" className="admin-button admin-button--primary" onClick={() => setEditing({ kind: 'create' })}>
          New Exam
        </button>
      }
    >
      {exams && (
        <div className="results-table-wrap">
          <table className="results-table exam-list">
            <caption className="visually-hidden">Exams, oldest first, archived exams last</caption>
            <thead>
              <tr>
                <th scope="col">Exam</th>
                <th scope="col">Status</th>
                <th scope="col">Sitting</th>
                <th scope="col">Questions ready</th>
                <th scope="col">Codes available</th>
                <th scope="col">Submissions</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {exams.map((exam) => (
                <tr key={exam.id}>
                  <th scope="row">
                    <Link to={`/admin?${new URLSearchParams({ [examParameter]: exam.id }).toString()}`}>{exam.name}</Link>
                    {exam.archived_at !== null && <span className="admin-badge admin-badge--grey">Archived</span>}
                  </th>
                  <td>
                    <ExamStatusBadge status={exam.status} />
                  </td>
                  <td>
                    {exam.sitting
                      ? `${exam.sitting.name}: ${formatDateTime(exam.sitting.start_time)} to ${formatDateTime(exam.sitting.end_time)}`
                      : '—'}
                  </td>
                  <td>{exam.questions_ready}</td>
                  <td>{exam.codes_available}</td>
                  <td>{exam.submissions}</td>
                  <td>
                    <div className="admin-button-row exam-list__actions">
                      <button
                        type="button"
                        className="admin-button"
                        aria-label={`Rename ${exam.name}`}
                        onClick={() => setEditing({ kind: 'rename', exam })}
                      >
                        Rename
                      </button>
                      <button
                        type="button"
                        className="admin-button"
                        aria-label={`Duplicate ${exam.name}`}
                        onClick={() => setEditing({ kind: 'duplicate', exam })}
                      >
                        Duplicate
                      </button>
                      <button
                        type="button"
                        className="admin-button"
                        disabled={busyId === exam.id}
                        aria-label={`${exam.archived_at === null ? 'Archive' : 'Bring back'} ${exam.name}`}
                        onClick={() => void toggleArchived(exam)}
                      >
                        {exam.archived_at === null ? 'Archive' : 'Bring back'}
                      </button>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing && (
        <ExamDialog
          editing={editing}
          onClose={() => setEditing(null)}
          onSave={async (save, success) => {
            const done = await changed(await save(), success)
            if (done) setEditing(null)
          }}
        />
      )}
    </AdminPage>
  )
}

const dialogTitles = { create: 'New Exam', rename: 'Rename Exam', duplicate: 'Duplicate Exam' } as const

interface ExamDialogProps {
  editing: Editing
  onClose: () => void
  /** Runs `save` and reports `success`; the dialog stays open when it failed. */
  onSave: (save: () => Promise<AdminResult<unknown>>, success: string) => Promise<void>
}

/** One form for the three: a name, and for a new exam its default duration and shuffling. */
function ExamDialog({ editing, onClose, onSave }: ExamDialogProps) {
  const [name, setName] = useState(() =>
    editing.kind === 'rename' ? editing.exam.name : editing.kind === 'duplicate' ? `${editing.exam.name} (copy)` : '',
  )
  const [duration, setDuration] = useState(String(defaultDuration))
  const [shuffleQuestions, setShuffleQuestions] = useState(true)
  const [shuffleOptions, setShuffleOptions] = useState(true)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function submit(event: FormEvent) {
    event.preventDefault()
    const trimmed = name.trim()
    const nameProblem = examNameProblem(trimmed)
    if (nameProblem) {
      setError(nameProblem)
      return
    }
    const minutes = Number(duration)
    if (
      editing.kind === 'create' &&
      !(Number.isInteger(minutes) && minutes >= minDurationMinutes && minutes <= maxDurationMinutes)
    ) {
      setError(`Duration must be between ${minDurationMinutes} and ${maxDurationMinutes} minutes`)
      return
    }
    setError(null)
    setBusy(true)
    if (editing.kind === 'create') {
      const fields = {
        name: trimmed,
        default_duration_minutes: minutes,
        shuffle_questions: shuffleQuestions,
        shuffle_options: shuffleOptions,
      }
      await onSave(() => createExam(fields), `Created ${trimmed}`)
    } else if (editing.kind === 'rename') {
      await onSave(() => renameExam(editing.exam.id, trimmed), `Renamed to ${trimmed}`)
    } else {
      await onSave(() => duplicateExam(editing.exam.id, trimmed), `Created ${trimmed} with the questions of ${editing.exam.name}`)
    }
    setBusy(false)
  }

  return (
    <AdminDialog title={dialogTitles[editing.kind]} onClose={() => !busy && onClose()}>
      {/* noValidate: our message replaces the browser's. */}
      <form onSubmit={(event) => void submit(event)} noValidate>
        {editing.kind === 'duplicate' && (
          <p className="admin-muted">
            The new exam gets the settings and every question of {editing.exam.name}; no sittings, codes or results.
          </p>
        )}
        <label className="admin-field">
          <span>Exam name</span>
          <input value={name} onChange={(event) => setName(event.target.value)} disabled={busy} />
        </label>
        {editing.kind === 'create' && (
          <>
            <label className="admin-field">
              <span>Default duration (minutes)</span>
              <input
                type="number"
                min={minDurationMinutes}
                max={maxDurationMinutes}
                step={1}
                value={duration}
                onChange={(event) => setDuration(event.target.value)}
                disabled={busy}
              />
            </label>
            <label className="admin-checkbox">
              <input type="checkbox" checked={shuffleQuestions} onChange={(event) => setShuffleQuestions(event.target.checked)} />
              <span>Shuffle question order</span>
            </label>
            <label className="admin-checkbox">
              <input type="checkbox" checked={shuffleOptions} onChange={(event) => setShuffleOptions(event.target.checked)} />
              <span>Shuffle answer options</span>
            </label>
          </>
        )}
        <DialogActions error={error} onCancel={onClose} busy={busy}>
          <button type="submit" className="admin-button admin-button--primary" disabled={busy}>
            {editing.kind === 'create' ? 'Create Exam' : editing.kind === 'rename' ? 'Rename' : 'Duplicate'}
          </button>
        </DialogActions>
      </form>
    </AdminDialog>
  )
}
