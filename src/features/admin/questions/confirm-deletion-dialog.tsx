import { useState, type ReactNode } from 'react'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'

interface ConfirmDeletionDialogProps {
  title: string
  /** The danger button's words. */
  confirmLabel: string
  onCancel: () => void
  onConfirm: () => Promise<void>
  /** What will be lost. */
  children: ReactNode
}

/** A deletion asked first: Cancel, or the red button, which waits ("Deleting...") while the deletion runs. */
export function ConfirmDeletionDialog({ title, confirmLabel, onCancel, onConfirm, children }: ConfirmDeletionDialogProps) {
  const [deleting, setDeleting] = useState(false)

  async function confirm() {
    setDeleting(true)
    await onConfirm()
    setDeleting(false)
  }

  return (
    <AdminDialog title={title} onClose={() => !deleting && onCancel()}>
      {children}
      <DialogActions onCancel={onCancel} busy={deleting}>
        <button type="button" className="admin-button admin-button--danger" onClick={() => void confirm()} disabled={deleting}>
          {deleting ? 'Deleting...' : confirmLabel}
        </button>
      </DialogActions>
    </AdminDialog>
  )
}
