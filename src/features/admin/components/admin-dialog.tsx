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
  // the dialog's own key handler no longer hears the keys: the document does. Escape still closes,
  // and Tab comes back into the dialog rather than to the page behind it.
  const close = useRef(onClose)
  close.current = onClose
  useEffect(() => {
    function keysFromBody(event: globalThis.KeyboardEvent) {
      if (document.activeElement !== document.body || !dialog.current) return
      if (event.key === 'Escape') close.current()
      if (event.key === 'Tab') {
        event.preventDefault()
        ;(dialog.current.querySelector<HTMLElement>(focusableSelector) ?? dialog.current).focus()
      }
    }
    document.addEventListener('keydown', keysFromBody)
    return () => document.removeEventListener('keydown', keysFromBody)
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
