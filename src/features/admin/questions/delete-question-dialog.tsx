import type { Question } from '../../../lib/admin/admin-questions'
import { ConfirmDeletionDialog } from './confirm-deletion-dialog'

interface DeleteQuestionDialogProps {
  question: Question
  onCancel: () => void
  onConfirm: () => Promise<void>
}

/** Deleting one question asks first, showing its text: the bank keeps no copy. */
export function DeleteQuestionDialog({ question, onCancel, onConfirm }: DeleteQuestionDialogProps) {
  return (
    <ConfirmDeletionDialog
      title={`Delete question ${question.question_number}?`}
      confirmLabel="Delete"
      onCancel={onCancel}
      onConfirm={onConfirm}
    >
      <p className="question-item__text">{question.question_text}</p>
      <p>This cannot be undone.</p>
    </ConfirmDeletionDialog>
  )
}
