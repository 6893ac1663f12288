import { render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { expect, it, vi } from 'vitest'
import { loadAdminCounts } from '../../../lib/admin/admin-dashboard'
import { AdminDashboardPage } from './admin-dashboard-page'

vi.mock('../../../lib/admin/admin-dashboard', () => ({ loadAdminCounts: vi.fn() }))
// The screen's live updates are tested in use-live-admin-data.test.tsx.
vi.mock('../../../lib/admin/table-changes', () => ({ watchTableChanges: vi.fn(() => () => {}) }))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

it('shows the four counts of one request, the system status with the available codes the server counts (neither used nor in use), and links to the managers', async () => {
  vi.mocked(loadAdminCounts).mockResolvedValue({
    ok: true,
    data: { questions: 50, login_codes: 1512, codes_used: 5, codes_available: 1500, submissions: 4 },
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
    'Login Codes1512',
    'Test Submissions4',
    'Codes Used5',
  ])
  const status = screen.getByRole('heading', { name: 'System Status' }).parentElement as HTMLElement
  // 1512 - 5 used - 7 in use, as the server counts them.
  expect(status.textContent).toContain('Available codes1500')
  expect(status.textContent).toContain('Questions ready50')
  expect(status.textContent).toContain('Total tests4')
  const managers = within(screen.getByRole('navigation', { name: 'Managers' })).getAllByRole('link')
  expect(managers.map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
    ['Question Manager', '/admin/questions'],
    ['Login Code Manager', '/admin/codes'],
    ['Test Results', '/admin/results'],
    ['Exam Schedule', '/admin/schedule'],
    ['Proctor Room', '/admin/live'],
    ['Activity', '/admin/activity'],
  ])
  expect(screen.getByText('50 Multiple Choice Questions')).toBeDefined()
  expect(screen.queryByRole('link', { name: /Back to Dashboard/ })).toBeNull()
  expect(loadAdminCounts).toHaveBeenCalledTimes(1)
})

it('shows a failed load in the red banner, and dashes for the figures', async () => {
  vi.mocked(loadAdminCounts).mockResolvedValue({ ok: false, error: 'Failed to load dashboard counts' })
  render(
    <MemoryRouter>
      <AdminDashboardPage />
    </MemoryRouter>,
  )

  expect((await screen.findByRole('alert')).textContent).toBe('Failed to load dashboard counts')
  expect(within(screen.getByRole('list', { name: 'Statistics' })).getAllByText('—')).toHaveLength(4)
})
