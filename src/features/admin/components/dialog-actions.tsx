import type { ReactNode } from 'react'
import { ErrorBanner } from './flash-messages'

interface DialogActionsProps {
  /** What went wrong with the last try, shown above the buttons. */
  error?: string | null
  /** The button that leaves (or steps back) without acting. */
  onCancel: () => void
  cancelLabel?: string
  /** While the dialog's action runs, the cancel button waits too. */
  busy?: boolean
  /** The dialog's own action buttons, after the cancel button. */
  children?: ReactNode
}

/** A dialog's closing row: the last error, then the cancel button and the dialog's actions, right-aligned. */
export function DialogActions({ error, onCancel, cancelLabel = 'Cancel', busy = false, children }: DialogActionsProps) {
  return (
    <>
      {error && <ErrorBanner message={error} />}
      <div className="admin-button-row admin-button-row--end">
        <button type="button" className="admin-button" onClick={onCancel} disabled={busy}>
          {cancelLabel}
        </button>
        {children}
      </div>
    </>
  )
}
