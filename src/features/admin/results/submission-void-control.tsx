import { useState, type FormEvent } from 'react'
import type { SubmissionResult } from '../../../lib/admin/admin-submissions'
import { maxVoidReasonLength, restoreSubmission, voidReasonRequired, voidSubmission } from '../../../lib/admin/submission-voiding'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { useDialogAction } from '../components/use-dialog-action'

interface SubmissionVoidControlProps {
  submission: Pick<SubmissionResult, 'id' | 'student_name' | 'voided_at'>
  onError: (message: string) => void
}

/**
 * "Void…" for a submission that counts (a dialog asks the required reason), "Restore" for a voided
 * one. The screen follows the change through Realtime, as it does any change of submissions.
 */
export function SubmissionVoidControl({ submission, onError }: SubmissionVoidControlProps) {
  const [dialogOpen, setDialogOpen] = useState(false)
  const [restoring, setRestoring] = useState(false)
  const name = submission.student_name

  async function restore() {
    setRestoring(true)
    const result = await restoreSubmission(submission.id)
    setRestoring(false)
    if (!result.ok) onError(result.error)
  }

  if (submission.voided_at) {
    return (
      <button type="button" className="admin-button admin-button--small" disabled={restoring} onClick={() => void restore()}>
        {restoring ? 'Restoring...' : 'Restore'}
        <span className="visually-hidden"> the submission of {name}</span>
      </button>
    )
  }
  return (
    <>
      <button type="button" className="admin-button admin-button--small admin-button--danger" onClick={() => setDialogOpen(true)}>
        Void…<span className="visually-hidden"> the submission of {name}</span>
      </button>
      {dialogOpen && <VoidDialog submissionId={submission.id} studentName={name} onClose={() => setDialogOpen(false)} />}
    </>
  )
}

function VoidDialog({ submissionId, studentName, onClose }: { submissionId: string; studentName: string; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const { busy: saving, error, setError, run } = useDialogAction()

  async function save(event: FormEvent) {
    event.preventDefault()
    if (reason.trim() === '') {
      setError(voidReasonRequired)
      return
    }
    await run(() => voidSubmission(submissionId, reason), onClose)
  }

  return (
    <AdminDialog title={`Void the submission of ${studentName}`} onClose={() => !saving && onClose()}>
      <form onSubmit={(event) => void save(event)} noValidate>
        <p className="admin-muted">
          A voided submission is left out of every statistic and ranking, and its student is told the result was withdrawn by the
          examiner. Its login code stays used. You can restore it later.
        </p>
        <label className="admin-field">
          <span>Reason (required)</span>
          <textarea
            value={reason}
            maxLength={maxVoidReasonLength}
            rows={3}
            onChange={(event) => setReason(event.target.value)}
            disabled={saving}
          />
        </label>
        <DialogActions error={error} onCancel={onClose} busy={saving}>
          <button type="submit" className="admin-button admin-button--danger" disabled={saving}>
            {saving ? 'Voiding...' : 'Void Submission'}
          </button>
        </DialogActions>
      </form>
    </AdminDialog>
  )
}
