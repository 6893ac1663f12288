import { ConfirmDeletionDialog } from './confirm-deletion-dialog'

interface DeleteAllQuestionsDialogProps {
  count: number
  onCancel: () => void
  onConfirm: () => Promise<void>
}

export function DeleteAllQuestionsDialog({ count, onCancel, onConfirm }: DeleteAllQuestionsDialogProps) {
  return (
    <ConfirmDeletionDialog
      title="Delete All Questions?"
      confirmLabel="Yes, Delete All Questions"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p>
        This will permanently delete {count === 1 ? 'the only question' : `all ${count} questions`}. This cannot be undone, and
        students cannot take the exam until new questions are added.
      </p>
    </ConfirmDeletionDialog>
  )
}
