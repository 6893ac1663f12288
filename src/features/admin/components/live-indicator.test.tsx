import { render, screen } from '@testing-library/react'
import { expect, it } from 'vitest'
import { LiveIndicator } from './live-indicator'
import type { LiveState } from './use-live-admin-data'

it('says in words, not only in colour, whether the screen updates by itself', () => {
  const shown = (['connecting', 'live', 'polling'] as LiveState[]).map((state) => {
    const { unmount } = render(<LiveIndicator state={state} />)
    const status = screen.getByRole('status', { name: 'Live updates' })
    const seen = [status.textContent, status.className]
    unmount()
    return seen
  })
  expect(shown).toEqual([
    ['Connecting…', 'live-indicator live-indicator--connecting'],
    ['Live', 'live-indicator live-indicator--live'],
    ['Live updates paused, refreshing every 10 s', 'live-indicator live-indicator--polling'],
  ])
})
