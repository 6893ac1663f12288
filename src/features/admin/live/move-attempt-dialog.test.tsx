import { render, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { beforeEach, expect, it, vi } from 'vitest'
import { offerAttemptMove } from '../../../lib/admin/admin-attempts'
import { MoveAttemptDialog } from './move-attempt-dialog'

vi.mock('../../../lib/admin/admin-attempts', () => ({ offerAttemptMove: vi.fn() }))

const attempt = { id: 'attempt-1', student_name: 'Grace Hopper', login_code: 'ABCD1234' }

beforeEach(() => {
  vi.mocked(offerAttemptMove).mockReset()
})

it('asks for one PIN only, even when StrictMode mounts it twice: a second offer would void the PIN on screen', async () => {
  const pins = ['111111', '222222']
  vi.mocked(offerAttemptMove).mockImplementation(async () => ({
    ok: true,
    data: { pin: pins.shift() ?? '999999', expiresAt: '2026-11-27T10:10:00Z' },
  }))
  render(
    <StrictMode>
      <MoveAttemptDialog attempt={attempt} onClose={() => {}} />
    </StrictMode>,
  )
  const dialog = screen.getByRole('dialog', { name: 'Move Grace Hopper to a new device' })
  expect((await within(dialog).findByLabelText('Resume PIN')).textContent).toBe('111111')
  expect(offerAttemptMove).toHaveBeenCalledExactlyOnceWith('attempt-1')
})
