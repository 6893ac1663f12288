import { useId, useRef, useState, type KeyboardEvent } from 'react'

/**
 * A "Menu" button that shows and hides a list of links on a narrow screen (the site header's, the admin menu's).
 * `buttonProps` go on the button (aria-expanded, aria-controls the list `listId`); `closeOnEscape` goes on the
 * element around both and, while the list is open, closes it and gives the focus back to the button, so a keyboard
 * user is not left on a hidden link; `close` is for a link chosen from the list.
 */
export function useMenuButton() {
  const [open, setOpen] = useState(false)
  const listId = useId()
  const button = useRef<HTMLButtonElement>(null)

  function closeOnEscape(event: KeyboardEvent) {
    if (event.key !== 'Escape' || !open) return
    setOpen(false)
    button.current?.focus()
  }

  return {
    open,
    listId,
    close: () => setOpen(false),
    closeOnEscape,
    buttonProps: {
      ref: button,
      type: 'button' as const,
      'aria-expanded': open,
      'aria-controls': listId,
      onClick: () => setOpen((shown) => !shown),
    },
  }
}
