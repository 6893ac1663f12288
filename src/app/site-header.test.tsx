import { act, fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { rememberSiteSettings, unsetSiteSettings } from '../lib/api/site-settings'
import { SiteHeader } from './site-header'

afterEach(() => rememberSiteSettings(unsetSiteSettings))

describe('SiteHeader', () => {
  it('names the product as the administrator set it, in the brand link and the tab title', () => {
    render(
      <MemoryRouter>
        <SiteHeader />
      </MemoryRouter>,
    )
    expect(screen.getByRole('link', { name: 'Holdfast' }).getAttribute('href')).toBe('/')

    act(() => rememberSiteSettings({ ...unsetSiteSettings, product_name: 'Springfield Exams' }))

    expect(screen.getByRole('link', { name: 'Springfield Exams' }).getAttribute('href')).toBe('/')
    expect(document.title).toBe('Springfield Exams')
  })

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
