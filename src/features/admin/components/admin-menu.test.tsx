import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter, Route, Routes } from 'react-router-dom'
import { expect, it } from 'vitest'
import { AdminMenu } from './admin-menu'

function renderMenuAt(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<AdminMenu />} />
      </Routes>
    </MemoryRouter>,
  )
  return screen.getByRole('navigation', { name: 'Admin menu' })
}

it('lists every admin screen in order, keeping the exam picked, with the current one marked', () => {
  const menu = renderMenuAt('/admin/questions?exam=physics')

  const links = within(menu).getAllByRole('link')
  expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Dashboard', '/admin?exam=physics'],
    ['Exams', '/admin/exams?exam=physics'],
    ['Questions', '/admin/questions?exam=physics'],
    ['Login Codes', '/admin/codes?exam=physics'],
    ['Exam Schedule', '/admin/schedule?exam=physics'],
    ['Proctor Room', '/admin/live?exam=physics'],
    ['Test Results', '/admin/results?exam=physics'],
    ['Item Analysis', '/admin/items?exam=physics'],
    ['Activity', '/admin/activity?exam=physics'],
    ['Settings', '/admin/settings?exam=physics'],
  ])
  expect(links.filter((link) => link.getAttribute('aria-current') === 'page').map((link) => link.textContent)).toEqual([
    'Questions',
  ])
})

it('marks the dashboard current on /admin only', () => {
  const menu = renderMenuAt('/admin')

  expect(within(menu).getByRole('link', { name: 'Dashboard' }).getAttribute('aria-current')).toBe('page')
  expect(within(menu).getByRole('link', { name: 'Questions' }).getAttribute('aria-current')).toBeNull()
})

it('opens with Menu, and closes with Escape (focus back on Menu) or by choosing a screen', () => {
  const menu = renderMenuAt('/admin')
  const toggle = within(menu).getByRole('button', { name: 'Menu' })
  const list = document.getElementById(toggle.getAttribute('aria-controls') ?? '')
  expect(list?.tagName).toBe('UL')
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(list?.dataset.open).toBe('false')

  fireEvent.click(toggle)
  expect(toggle.getAttribute('aria-expanded')).toBe('true')
  expect(list?.dataset.open).toBe('true')
  const results = within(menu).getByRole('link', { name: 'Test Results' })
  results.focus()
  fireEvent.keyDown(results, { key: 'Escape' })
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(document.activeElement).toBe(toggle)

  fireEvent.click(toggle)
  fireEvent.click(results)
  expect(toggle.getAttribute('aria-expanded')).toBe('false')
  expect(within(menu).getByRole('link', { name: 'Test Results' }).getAttribute('aria-current')).toBe('page')
})
