import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { describe, expect, it } from 'vitest'
import { contact } from '../config/contact'
import { SiteFooter } from './site-footer'

function linksIn(name: string) {
  return within(screen.getByRole('navigation', { name }))
    .getAllByRole('link')
    .map((link) => [link.textContent, link.getAttribute('href')])
}

describe('SiteFooter', () => {
  it('has quick links, the policy links and the contact block', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    )

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
    expect(within(contactBlock).getByRole('link', { name: contact.email }).getAttribute('href')).toBe(`mailto:${contact.email}`)
    expect(contactBlock.textContent).toContain(contact.organisation)
  })
})
