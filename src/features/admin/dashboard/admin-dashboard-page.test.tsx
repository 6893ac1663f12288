import { act, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, expect, it, vi } from 'vitest'
import { loadAdminCounts, loadExamSittings } from '../../../lib/admin/admin-dashboard'
import { rememberSiteSettings, unsetSiteSettings } from '../../../lib/api/site-settings'
import { AdminDashboardPage } from './admin-dashboard-page'

vi.mock('../../../lib/admin/admin-dashboard', () => ({ loadAdminCounts: vi.fn(), loadExamSittings: vi.fn() }))
// The screen's live updates are tested in use-live-admin-data.test.tsx.
vi.mock('../../../lib/admin/table-changes', () => ({ watchTableChanges: vi.fn(() => () => {}) }))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

const openSitting = {
  exam_id: 'physics',
  exam: 'Physics',
  exam_name: 'Physics, Friday',
  start_time: new Date(Date.now() - 3_600_000).toISOString(),
  end_time: new Date(Date.now() + 3_600_000).toISOString(),
  duration_minutes: 45,
  created_at: '2026-11-20T00:00:00Z',
  question_count: 21,
}

beforeEach(() => {
  vi.mocked(loadAdminCounts).mockClear()
  vi.mocked(loadExamSittings).mockResolvedValue([])
  rememberSiteSettings(unsetSiteSettings)
})

function renderDashboard() {
  render(
    <MemoryRouter>
      <AdminDashboardPage />
    </MemoryRouter>,
  )
}

function examInformation() {
  const panel = screen.getByRole('heading', { name: 'Exam Information' }).parentElement as HTMLElement
  return within(panel)
    .getAllByRole('listitem')
    .map((item) => item.textContent)
}

it("names the open sitting's real length and question count in Exam Information", async () => {
  vi.mocked(loadAdminCounts).mockResolvedValue({
    ok: true,
    data: { questions: 21, login_codes: 3, codes_used: 0, codes_available: 3, submissions: 0 },
  })
  vi.mocked(loadExamSittings).mockResolvedValue([openSitting])
  renderDashboard()

  await waitFor(() => expect(examInformation().slice(0, 2)).toEqual(['45 Minutes', '21 Multiple Choice Questions']))
  expect(screen.queryByText('30 Minutes')).toBeNull()
})

it("asks for the institution's name and contact, linking to Settings, until they are set", async () => {
  vi.mocked(loadAdminCounts).mockResolvedValue({
    ok: true,
    data: { questions: 0, login_codes: 0, codes_used: 0, codes_available: 0, submissions: 0 },
  })
  renderDashboard()

  const reminder = screen.getByText(/Set your institution's name and contact in/)
  expect(reminder.textContent).toBe(
    "Set your institution's name and contact in Settings: the footer shows placeholders until then.",
  )
  expect(within(reminder).getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/admin/settings')

  act(() => rememberSiteSettings({ ...unsetSiteSettings, institution_name: 'Springfield High', contact_phone: '+1 555 0100' }))
  expect(screen.queryByText(/Set your institution's name/)).toBeNull()
  await screen.findAllByText('0', { selector: 'dd' })
})

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
  // No sitting: a line without numbers, never the spec's example figures.
  expect(examInformation()[0]).toBe('A set time for multiple-choice questions, shown to students before they start')
  expect(screen.queryByText('50 Multiple Choice Questions')).toBeNull()
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
