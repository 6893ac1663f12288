import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  createSchedule,
  deleteSchedule,
  listSchedules,
  setScheduleActive,
  updateSchedule,
  type ExamSchedule,
} from '../../../lib/admin/admin-schedules'
import { ExamSchedulePage } from './exam-schedule-page'

vi.mock('../../../lib/admin/admin-schedules', () => ({
  listSchedules: vi.fn(),
  createSchedule: vi.fn(),
  updateSchedule: vi.fn(),
  setScheduleActive: vi.fn(),
  deleteSchedule: vi.fn(),
}))

const now = new Date('2026-11-23T10:00:00.000Z')

function schedule(name: string, start: string, end: string, is_active = true): ExamSchedule {
  return {
    id: `id-${name}`,
    exam_id: 'exam-1',
    exam_name: name,
    start_time: start,
    end_time: end,
    duration_minutes: 30,
    is_active,
    shuffle_questions: true,
    shuffle_options: true,
    created_at: '2026-11-01T00:00:00Z',
  }
}

let schedules: ExamSchedule[]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now })
  schedules = [
    schedule('Starts now', '2026-11-23T10:00:00.000Z', '2026-11-23T12:00:00.000Z'),
    schedule('Ends now', '2026-11-23T08:00:00.000Z', '2026-11-23T10:00:00.000Z'),
    schedule('Later', '2026-11-23T10:00:00.001Z', '2026-11-23T12:00:00.000Z'),
    schedule('Over', '2026-11-23T08:00:00.000Z', '2026-11-23T09:59:59.999Z'),
    schedule('Switched off', '2026-11-23T08:00:00.000Z', '2026-11-23T12:00:00.000Z', false),
  ]
  vi.mocked(listSchedules).mockImplementation(async () => ({ ok: true, data: schedules }))
  for (const write of [createSchedule, updateSchedule, setScheduleActive, deleteSchedule])
    vi.mocked(write).mockReset().mockResolvedValue({ ok: true, data: null })
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function renderPage() {
  render(
    <MemoryRouter>
      <ExamSchedulePage />
    </MemoryRouter>,
  )
  // The heading is there before the data: wait for the list or its empty state instead.
  await screen.findByText((_, element) => element?.matches('.schedule-list, .admin-empty') ?? false)
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } })
const item = (name: string) => screen.getByRole('heading', { level: 3, name }).closest('li') as HTMLElement

describe('ExamSchedulePage', () => {
  it('says which active schedules students do not get, because a newer active one is in effect', async () => {
    await renderPage()

    expect(within(item('Starts now')).queryByText(/Not in effect/)).toBeNull()
    expect(
      within(item('Ends now')).getByText('Not in effect: students take the newer active schedule “Starts now”.'),
    ).toBeTruthy()
    expect(within(item('Switched off')).queryByText(/Not in effect/)).toBeNull()
  })

  it('badges each schedule Inactive, Upcoming, Active or Ended, with both ends of the window inclusive', async () => {
    await renderPage()

    const badges = schedules.map((s) => [s.exam_name, item(s.exam_name).querySelector('.admin-badge')?.textContent])
    expect(badges).toEqual([
      ['Starts now', 'Active'],
      ['Ends now', 'Active'],
      ['Later', 'Upcoming'],
      ['Over', 'Ended'],
      ['Switched off', 'Inactive'],
    ])
  })

  it('shows the empty state', async () => {
    schedules = []
    render(
      <MemoryRouter>
        <ExamSchedulePage />
      </MemoryRouter>,
    )

    expect(await screen.findByText('No exam schedules created yet. Create your first schedule to get started.')).toBeDefined()
  })

  it.each([
    ['no start or end', () => {}, 'Please fill in all required fields'],
    [
      'an end before the start',
      () => {
        type('Start date and time', '2026-12-01T10:00')
        type('End date and time', '2026-12-01T09:00')
      },
      'End time must be after start time',
    ],
    [
      'a duration of 181 minutes',
      () => {
        type('Start date and time', '2026-12-01T10:00')
        type('End date and time', '2026-12-01T12:00')
        type('Duration (minutes)', '181')
      },
      'Duration must be between 5 and 180 minutes',
    ],
  ])('refuses %s', async (_case, fill, message) => {
    await renderPage()
    fill()

    fireEvent.click(screen.getByRole('button', { name: 'Create Schedule' }))

    expect(screen.getByRole('alert').textContent).toBe(message)
    expect(createSchedule).not.toHaveBeenCalled()
  })

  it('creates a schedule from the form, with the product name, 30 minutes and Active by default', async () => {
    await renderPage()
    expect((screen.getByLabelText('Exam name') as HTMLInputElement).value).toBe('Holdfast Assessment')
    expect((screen.getByLabelText('Active Schedule') as HTMLInputElement).checked).toBe(true)
    type('Start date and time', '2026-12-01T10:00')
    type('End date and time', '2026-12-01T12:00')

    fireEvent.click(screen.getByRole('button', { name: 'Create Schedule' }))

    expect(await screen.findByText('Exam schedule created successfully')).toBeDefined()
    expect(createSchedule).toHaveBeenCalledWith({
      exam_name: 'Holdfast Assessment',
      start_time: new Date(2026, 11, 1, 10, 0).toISOString(),
      end_time: new Date(2026, 11, 1, 12, 0).toISOString(),
      duration_minutes: 30,
      is_active: true,
      shuffle_questions: true,
      shuffle_options: true,
    })
  })

  it('shuffles questions and options for a new schedule unless a switch is turned off', async () => {
    await renderPage()
    expect((screen.getByLabelText('Shuffle question order') as HTMLInputElement).checked).toBe(true)
    expect((screen.getByLabelText('Shuffle answer options') as HTMLInputElement).checked).toBe(true)
    type('Start date and time', '2026-12-01T10:00')
    type('End date and time', '2026-12-01T12:00')
    fireEvent.click(screen.getByLabelText('Shuffle answer options'))
    fireEvent.click(screen.getByRole('button', { name: 'Create Schedule' }))

    expect(await screen.findByText('Exam schedule created successfully')).toBeDefined()
    expect(createSchedule).toHaveBeenCalledWith(expect.objectContaining({ shuffle_questions: true, shuffle_options: false }))
  })

  it('says how each schedule orders the exam', async () => {
    schedules = [
      { ...schedule('Plain', '2026-11-23T09:00:00Z', '2026-11-23T11:00:00Z'), shuffle_questions: false, shuffle_options: false },
    ]
    await renderPage()
    expect(screen.getByText('Same order for every student')).toBeDefined()
  })

  it('edits a schedule', async () => {
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Edit Later' }))
    expect((screen.getByLabelText('Exam name') as HTMLInputElement).value).toBe('Later')
    type('Duration (minutes)', '90')
    fireEvent.click(screen.getByRole('button', { name: 'Update Schedule' }))

    expect(await screen.findByText('Exam schedule updated successfully')).toBeDefined()
    expect(updateSchedule).toHaveBeenCalledWith('id-Later', expect.objectContaining({ exam_name: 'Later', duration_minutes: 90 }))
    expect(screen.getByRole('button', { name: 'Create Schedule' })).toBeDefined()
  })

  it('activates and deactivates', async () => {
    await renderPage()

    fireEvent.click(within(item('Switched off')).getByRole('button', { name: 'Activate Switched off' }))
    expect(await screen.findByText('Exam schedule activated successfully')).toBeDefined()
    expect(setScheduleActive).toHaveBeenCalledWith('id-Switched off', true)

    fireEvent.click(within(item('Later')).getByRole('button', { name: 'Deactivate Later' }))
    expect(await screen.findByText('Exam schedule deactivated successfully')).toBeDefined()
    expect(setScheduleActive).toHaveBeenLastCalledWith('id-Later', false)
  })

  it('shows a failed status change in the red banner', async () => {
    vi.mocked(setScheduleActive).mockResolvedValue({ ok: false, error: 'Failed to update exam schedule status' })
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Deactivate Later' }))

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to update exam schedule status')
  })

  it('deletes only after the browser confirmation', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true)
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Over' }))
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete this exam schedule?')
    expect(deleteSchedule).not.toHaveBeenCalled()

    fireEvent.click(screen.getByRole('button', { name: 'Delete Over' }))
    expect(await screen.findByText('Exam schedule deleted successfully')).toBeDefined()
    expect(deleteSchedule).toHaveBeenCalledWith('id-Over')
  })
})
