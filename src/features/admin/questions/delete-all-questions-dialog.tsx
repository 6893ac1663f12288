import { useState } from 'react'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'

interface DeleteAllQuestionsDialogProps {
  count: number
  onCancel: () => void
  onConfirm: () => Promise<void>
}

export function DeleteAllQuestionsDialog({ count, onCancel, onConfirm }: DeleteAllQuestionsDialogProps) {
  const [deleting, setDeleting] = useState(false)

  async function confirm() {
    setDeleting(true)
    await onConfirm()
    setDeleting(false)
  }

  return (
    <AdminDialog title="Delete All Questions?" onClose={() => !deleting && onCancel()}>
      <p>
        This will permanently delete all {count} questions. This cannot be undone, and students cannot take the exam until new
        questions are added.
      </p>
      <DialogActions onCancel={onCancel} busy={deleting}>
        <button type="button" className="admin-button admin-button--danger" onClick={() => void confirm()} disabled={deleting}>
          {deleting ? 'Deleting...' : 'Yes, Delete All Questions'}
        </button>
      </DialogActions>
    </AdminDialog>
  )
}
