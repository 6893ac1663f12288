import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { expect, it, vi } from 'vitest'
import { loadDashboardCounts } from '../../../lib/admin-dashboard'
import { AdminDashboardPage } from './admin-dashboard-page'

vi.mock('../../../lib/admin-dashboard', () => ({ loadDashboardCounts: vi.fn() }))
// The screen's live updates are tested in use-live-admin-data.test.tsx.
vi.mock('../../../lib/table-changes', () => ({ watchTableChanges: vi.fn(() => () => {}) }))
vi.mock('../../../lib/supabase', () => ({ getSupabase: vi.fn() }))

it('shows the four counts, the system status with available = total - used, and links to the managers', async () => {
  vi.mocked(loadDashboardCounts).mockResolvedValue({
    ok: true,
    data: { questions: 50, loginCodes: 12, codesUsed: 5, submissions: 4 },
  })
  render(
    <MemoryRouter>
      <AdminDashboardPage />
    </MemoryRouter>,
  )

  const stats = within(screen.getByRole('list', { name: 'Statistics' }))
  expect(await stats.findByText('50')).toBeDefined()
  expect(stats.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
    'Total Questions50',
    'Login Codes12',
    'Test Submissions4',
    'Codes Used5',
  ])
  const status = screen.getByRole('heading', { name: 'System Status' }).parentElement as HTMLElement
  expect(status.textContent).toContain('Available codes7')
  expect(status.textContent).toContain('Questions ready50')
  expect(status.textContent).toContain('Total tests4')
  const managers = within(screen.getByRole('navigation', { name: 'Managers' })).getAllByRole('link')
  expect(managers.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Question Manager', '/admin/questions'],
    ['Login Code Manager', '/admin/codes'],
    ['Test Results', '/admin/results'],
    ['Exam Schedule', '/admin/schedule'],
    ['Proctor Room', '/admin/live'],
  ])
  expect(screen.getByText('50 Multiple Choice Questions')).toBeDefined()
  expect(screen.queryByRole('link', { name: /Back to Dashboard/ })).toBeNull()
})
