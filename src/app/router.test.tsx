import { render, screen } from '@testing-library/react'
import { createMemoryRouter, RouterProvider } from 'react-router-dom'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { writeStudentSession } from '../lib/offline/student-session'
import { routes } from './router'

// The admin screens behind the auth gate, as a signed-in administrator sees them.
vi.mock('../lib/admin/admin-auth', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../lib/admin/admin-auth')>()),
  watchSignedInUser: (onChange: (user: { id: string; email: string }) => void) => {
    onChange({ id: 'admin-id', email: 'admin@holdfast.test' })
    return () => {}
  },
  checkAdminAccess: async () => 'admin',
}))

// The admin area and the exam page are lazy chunks; loading them once up front keeps the first test of each
// within findBy's timeout.
beforeAll(() => Promise.all([import('../features/admin/admin-area'), import('../features/student/exam-page')]))

function renderAt(path: string) {
  const router = createMemoryRouter(routes, { initialEntries: [path] })
  render(<RouterProvider router={router} />)
  return router
}

describe('routes', () => {
  it.each([
    ['/', 'Welcome to Holdfast'],
    ['/student', 'Student Portal'],
    ['/solutions', 'View Results'],
    ['/admin', 'Admin Dashboard'],
    ['/admin/questions', 'Question Manager'],
    ['/admin/codes', 'Login Code Manager'],
    ['/admin/results', 'Test Results'],
    ['/admin/schedule', 'Exam Schedule'],
    ['/admin/live', 'Proctor Room'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/cookies', 'Cookie Policy'],
    ['/accessibility', 'Accessibility'],
  ])('%s shows the "%s" heading', async (path, heading) => {
    const router = renderAt(path)

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeDefined()
    expect(router.state.location.pathname).toBe(path)
  })

  it.each([
    ['/x', '/', 'Welcome to Holdfast'],
    ['/student/nope', '/student', 'Student Portal'],
    ['/admin/nope', '/admin', 'Admin Dashboard'],
  ])('redirects the unknown path %s to %s', async (path, target, heading) => {
    const router = renderAt(path)

    expect(await screen.findByRole('heading', { level: 1, name: heading })).toBeDefined()
    expect(router.state.location.pathname).toBe(target)
  })

  it('sends a visitor without a student session from /student/test to /student', async () => {
    const router = renderAt('/student/test')

    expect(await screen.findByRole('heading', { level: 1, name: 'Student Portal' })).toBeDefined()
    expect(router.state.location.pathname).toBe('/student')
  })

  it('shows the exam to a student with a session', async () => {
    writeStudentSession({ loginCode: 'ABC123', studentName: 'Ada Lovelace' })

    const router = renderAt('/student/test')

    // The exam page, lazily loaded: still loading the exam, or already Test Unavailable (no server in this test).
    expect(await screen.findByRole('heading', { level: 1, name: /^(Exam|Test Unavailable)$/ })).toBeDefined()
    expect(router.state.location.pathname).toBe('/student/test')
  })

  it('links the home cards to the three portals', async () => {
    renderAt('/')

    const portals = await screen.findByRole('list', { name: 'Portals' })
    const links = Array.from(portals.querySelectorAll('a'), (link) => [link.textContent, link.getAttribute('href')])
    expect(links).toEqual([
      ['Student Portal', '/student'],
      ['View Results', '/solutions'],
      ['Admin Panel', '/admin'],
    ])
  })
})
