import { act, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, describe, expect, it } from 'vitest'
import { contactPlaceholders } from '../config/contact'
import { rememberSiteSettings, unsetSiteSettings } from '../lib/api/site-settings'
import { SiteFooter } from './site-footer'

function linksIn(name: string) {
  return within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

function renderFooter() {
  render(
    <MemoryRouter>
      <SiteFooter />
    </MemoryRouter>,
  )
}

afterEach(() => rememberSiteSettings(unsetSiteSettings))

describe('SiteFooter', () => {
  it('has quick links, the policy links and, until the institution is set, the placeholder contact block', () => {
    renderFooter()

    expect(linksIn('Quick links')).toEqual([
      ['Home', '/'],
      ['Student Portal', '/student'],
      ['View Results', '/solutions'],
      ['Admin Panel', '/admin'],
    ])
    expect(linksIn('Policies')).toEqual([
      ['Privacy Policy', '/privacy'],
      ['Terms of Service', '/terms'],
      ['Cookie Policy', '/cookies'],
      ['Accessibility', '/accessibility'],
    ])
    const contactBlock = screen.getByRole('region', { name: 'Contact' })
    expect(within(contactBlock).getByRole('link', { name: contactPlaceholders.email }).getAttribute('href')).toBe(
      `mailto:${contactPlaceholders.email}`,
    )
    expect(contactBlock.textContent).toContain(contactPlaceholders.organisation)
  })

  it("shows the institution's details once set, a placeholder for a field left empty, and follows a save at once", () => {
    rememberSiteSettings({
      ...unsetSiteSettings,
      institution_name: 'Springfield High',
      contact_email: 'exams@springfield.example',
    })
    renderFooter()

    const contactBlock = screen.getByRole('region', { name: 'Contact' })
    expect(contactBlock.textContent).toContain('Springfield High')
    expect(within(contactBlock).getByRole('link', { name: 'exams@springfield.example' }).getAttribute('href')).toBe(
      'mailto:exams@springfield.example',
    )
    expect(within(contactBlock).getByRole('link', { name: contactPlaceholders.phone })).toBeDefined()

    act(() => rememberSiteSettings({ ...unsetSiteSettings, institution_name: 'Shelbyville High', product_name: 'Shelby Exams' }))
    expect(contactBlock.textContent).toContain('Shelbyville High')
    expect(screen.getByText(/© \d{4} Shelby Exams/)).toBeDefined()
  })
})
