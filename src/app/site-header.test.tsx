import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { SiteHeader } from './site-header'

describe('SiteHeader', () => {
  it('opens and closes the menu that the toggle controls', () => {
    render(
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>,
    )
    const toggle = screen.getByRole('button', { name: 'Menu' })
    const nav = screen.getByRole('navigation', { name: 'Main' })

    expect(toggle.getAttribute('aria-controls')).toBe(nav.id)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')

    fireEvent.click(toggle)
    expect(toggle.getAttribute('aria-expanded')).toBe('true')

    fireEvent.keyDown(screen.getByRole('link', { name: 'Home' }), { key: 'Escape' })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(document.activeElement).toBe(toggle)
  })

  it('closes the menu when a link is followed', () => {
    render(
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>,
    )
    const toggle = screen.getByRole('button', { name: 'Menu' })

    fireEvent.click(toggle)
    fireEvent.click(screen.getByRole('link', { name: 'Student Portal' }))

    expect(toggle.getAttribute('aria-expanded')).toBe('false')
  })
})
