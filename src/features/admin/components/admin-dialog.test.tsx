import { fireEvent, render, screen } from '@testing-library/react'
import { expect, it, vi } from 'vitest'
import { AdminDialog } from './admin-dialog'

function renderDialog() {
  const onClose = vi.fn()
  render(
    <AdminDialog title="Note for Ada" onClose={onClose}>
      <label>
        Seat <input />
      </label>
      <button type="button">Save note</button>
    </AdminDialog>,
  )
  return onClose
}

it('takes the focus in, and closes on Escape', () => {
  const onClose = renderDialog()
  expect(document.activeElement).toBe(screen.getByLabelText('Seat'))
  fireEvent.keyDown(screen.getByLabelText('Seat'), { key: 'Escape' })
  expect(onClose).toHaveBeenCalledTimes(1)
})

it('keeps the keyboard when a self-disabling button dropped the focus to the body', () => {
  const onClose = renderDialog()
  // What a Save that disables itself while it works leaves behind.
  ;(document.activeElement as HTMLElement).blur()
  expect(document.activeElement).toBe(document.body)

  fireEvent.keyDown(document.body, { key: 'Tab' })
  expect(document.activeElement).toBe(screen.getByLabelText('Seat'))

  ;(document.activeElement as HTMLElement).blur()
  fireEvent.keyDown(document.body, { key: 'Escape' })
  expect(onClose).toHaveBeenCalledTimes(1)
})
