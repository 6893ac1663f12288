import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from 'react'
import { createPortal } from 'react-dom'

const focusableSelector =
  'button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), a[href], [tabindex]:not([tabindex="-1"])'

interface AdminDialogProps {
  title: string
  /** Escape and the dialog's own cancel buttons call this. */
  onClose: () => void
  className?: string
  children: ReactNode
}

/**
 * A modal dialog: focus moves in and is kept inside, Escape closes, and focus returns to
 * the control that opened it.
 */
export function AdminDialog({ title, onClose, className, children }: AdminDialogProps) {
  const titleId = useId()
  const dialog = useRef<HTMLDivElement>(null)

  useEffect(() => {
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null
    const first = dialog.current?.querySelector<HTMLElement>(focusableSelector)
    ;(first ?? dialog.current)?.focus()
    return () => opener?.focus()
  }, [])

  // A button that disables itself while it works (Save) drops the focus to the page's body, where
  // the dialog's own key handler no longer hears Escape: the document does.
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    function escapeFromBody(event: globalThis.KeyboardEvent) {
      if (event.key === 'Escape' && document.activeElement === document.body) close.current()
    }
    document.addEventListener('keydown', escapeFromBody)
    return () => document.removeEventListener('keydown', escapeFromBody)
  }, [])

  function keepFocusInside(event: KeyboardEvent) {
    if (event.key === 'Escape') {
      event.stopPropagation()
      onClose()
      return
    }
    if (event.key !== 'Tab' || !dialog.current) return
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(focusableSelector)]
    const first = focusable[0]
    const last = focusable[focusable.length - 1]
    if (!first || !last) return
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault()
      last.focus()
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault()
      first.focus()
    }
  }

  return createPortal(
    <div className="admin-dialog-backdrop">
      <div
        ref={dialog}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        className={['admin-dialog', className].filter(Boolean).join(' ')}
        onKeyDown={keepFocusInside}
      >
        <h2 id={titleId}>{title}</h2>
        {children}
      </div>
    </div>,
    document.body,
  )
}
