import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, expect, it, vi } from 'vitest'
import { listActivity, type ActivityRow } from '../../../lib/admin/admin-activity'
import { ActivityPage } from './activity-page'

vi.mock('../../../lib/admin/admin-activity', () => ({ listActivity: vi.fn() }))

const row = (id: number, fields: Partial<ActivityRow>): ActivityRow => ({
  id,
  occurred_at: '2026-11-24T10:00:00Z',
  actor_id: null,
  exam_id: null,
  actor: 'admin@school.test',
  action: 'codes_deleted',
  subject: null,
  details: {},
  ...fields,
})

beforeEach(() => {
  vi.mocked(listActivity).mockReset()
})

function renderPage() {
  render(
    <MemoryRouter>
      <ActivityPage />
    </MemoryRouter>,
  )
}

it('lists the log newest first, each row in words with who made it, and filters by kind and day from the first page', async () => {
  vi.mocked(listActivity).mockResolvedValue({
    ok: true,
    data: {
      rows: [
        row(2, { action: 'extra_time_changed', subject: 'ABCD1234', details: { from: 0, to: 15 } }),
        row(1, { action: 'codes_generated', actor: 'service_role', details: { count: 1, codes: ['ABCD1234'] } }),
      ],
      pageIndex: 0,
      total: 2,
    },
  })
  renderPage()
  const table = within(await screen.findByRole('region', { name: 'Activity' }))
  expect(
    table
      .getAllByRole('row')
      .slice(1)
      .map((tr) => [...tr.querySelectorAll('td')].slice(1).map((td) => td.textContent)),
  ).toEqual([
    ['admin@school.test', 'Changed the extra time of login code ABCD1234 from 0 to 15 minutes'],
    ['Service role (server key)', 'Generated 1 login code: ABCD1234'],
  ])
  expect(listActivity).toHaveBeenLastCalledWith({ kind: null, day: null }, 0, 50)

  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'extra_time' } })
  await vi.waitFor(() => expect(listActivity).toHaveBeenLastCalledWith({ kind: 'extra_time', day: null }, 0, 50))
  fireEvent.change(screen.getByLabelText('Day'), { target: { value: '2026-11-24' } })
  await vi.waitFor(() => expect(listActivity).toHaveBeenLastCalledWith({ kind: 'extra_time', day: '2026-11-24' }, 0, 50))
})

it('says when nothing was recorded, and shows a failed load in the red banner', async () => {
  vi.mocked(listActivity).mockResolvedValueOnce({ ok: true, data: { rows: [], pageIndex: 0, total: 0 } })
  renderPage()
  expect(await screen.findByText('No activity recorded for this choice')).toBeDefined()
  vi.mocked(listActivity).mockResolvedValueOnce({ ok: false, error: 'Failed to load activity' })
  fireEvent.click(screen.getByRole('button', { name: 'Refresh' }))
  expect(await screen.findByText('Failed to load activity')).toBeDefined()
})

it('tells moves to a new device and submissions from the server copy in words, and filters the moves as a kind of their own', async () => {
  vi.mocked(listActivity).mockResolvedValue({
    ok: true,
    data: {
      rows: [
        row(3, {
          action: 'server_copy_replaced',
          actor: 'system',
          subject: 'ABCD1234',
          details: { server_copy_saved_at: null, replaced_score: 0, question_count: 50 },
        }),
        row(2, {
          action: 'attempt_moved',
          actor: 'system',
          subject: 'ABCD1234',
          details: { student_name: 'Zoë', offered_by: 'admin@school.test', answers_restored: 20 },
        }),
        row(1, {
          action: 'attempt_move_offered',
          subject: 'ABCD1234',
          details: { student_name: 'Zoë', expires_at: '2026-11-24T10:10:00Z' },
        }),
      ],
      pageIndex: 0,
      total: 3,
    },
  })
  renderPage()
  const table = within(await screen.findByRole('region', { name: 'Activity' }))
  const described = table
    .getAllByRole('row')
    .slice(1)
    .map((tr) => tr.querySelectorAll('td')[2]?.textContent)
  expect(described).toEqual([
    "The device's own submission (login code ABCD1234), made in time, replaced the submission from the server's copy (nothing was saved, 0/50)",
    "Zoë (login code ABCD1234) resumed the exam on a new device with the PIN from admin@school.test: 20 answers restored from the server's copy",
    expect.stringMatching(/^Offered a resume PIN to move Zoë \(login code ABCD1234\) to a new device, valid until .+/),
  ])

  fireEvent.change(screen.getByLabelText('Action'), { target: { value: 'moves' } })
  expect(within(screen.getByLabelText('Action')).getByRole('option', { name: 'Moves to a new device' })).toBeDefined()
  await vi.waitFor(() => expect(listActivity).toHaveBeenLastCalledWith({ kind: 'moves', day: null }, 0, 50))
})
