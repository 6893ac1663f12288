import { fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { beforeEach, expect, it, vi } from 'vitest'
import {
  createExam,
  duplicateExam,
  loadExamOverview,
  renameExam,
  setExamArchived,
  type ExamOverview,
} from '../../../lib/admin/admin-exams'
import { ExamListPage } from './exam-list-page'

vi.mock('../../../lib/admin/admin-exams', () => ({
  loadExamOverview: vi.fn(),
  createExam: vi.fn(),
  renameExam: vi.fn(),
  setExamArchived: vi.fn(),
  duplicateExam: vi.fn(),
}))

const overview = (id: string, name: string, changes: Partial<ExamOverview> = {}): ExamOverview => ({
  id,
  name,
  archived_at: null,
  status: 'active',
  sitting: null,
  questions_ready: 50,
  codes_available: 120,
  codes_used: 3,
  submissions: 3,
  ...changes,
})

beforeEach(() => {
  vi.mocked(loadExamOverview)
    .mockReset()
    .mockResolvedValue({
      ok: true,
      data: [
        overview('exam-maths', 'Mathematics'),
        overview('exam-physics', 'Physics', { status: 'upcoming', questions_ready: 21, codes_available: 40 }),
        overview('exam-latin', 'Latin', { status: 'closed', archived_at: '2026-01-01T00:00:00Z' }),
      ],
    })
  for (const write of [createExam, renameExam, setExamArchived])
    vi.mocked(write).mockReset().mockResolvedValue({ ok: true, data: null })
  vi.mocked(duplicateExam).mockReset().mockResolvedValue({ ok: true, data: 'exam-new' })
})

function renderPage() {
  render(
    <MemoryRouter>
      <ExamListPage />
    </MemoryRouter>,
  )
}

const rowOf = async (name: string) =>
  (await screen.findByRole('rowheader', { name: new RegExp(`^${name}`) })).closest('tr') as HTMLElement

it('lists each exam with its status in words, questions ready and codes available, the archived one saying so', async () => {
  renderPage()
  const physics = within(await rowOf('Physics'))
  expect(physics.getByText('Upcoming')).toBeDefined()
  expect(physics.getByText('21')).toBeDefined()
  expect(physics.getByText('40')).toBeDefined()
  const latin = within(await rowOf('Latin'))
  expect(latin.getByText('Archived')).toBeDefined()
  expect(latin.getByRole('button', { name: 'Bring back Latin' })).toBeDefined()
  expect(
    within(await rowOf('Mathematics'))
      .getByRole('link', { name: 'Mathematics' })
      .getAttribute('href'),
  ).toBe('/admin?exam=exam-maths')
})

it('creates an exam with its default duration and shuffling, refusing a duration out of range', async () => {
  renderPage()
  fireEvent.click(await screen.findByRole('button', { name: 'New Exam' }))
  const dialog = within(screen.getByRole('dialog', { name: 'New Exam' }))
  fireEvent.change(dialog.getByLabelText('Exam name'), { target: { value: '  Chemistry  ' } })
  fireEvent.change(dialog.getByLabelText('Default duration (minutes)'), { target: { value: '400' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Create Exam' }))
  expect(dialog.getByText('Duration must be between 5 and 180 minutes')).toBeDefined()
  expect(createExam).not.toHaveBeenCalled()

  fireEvent.change(dialog.getByLabelText('Default duration (minutes)'), { target: { value: '45' } })
  fireEvent.click(dialog.getByLabelText('Shuffle answer options'))
  fireEvent.click(dialog.getByRole('button', { name: 'Create Exam' }))
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  expect(createExam).toHaveBeenCalledWith({
    name: 'Chemistry',
    default_duration_minutes: 45,
    shuffle_questions: true,
    shuffle_options: false,
  })
  expect(await screen.findByText('Created Chemistry')).toBeDefined()
  expect(loadExamOverview).toHaveBeenCalledTimes(2)
})

it('renames, duplicates for next year and archives, each on its own exam', async () => {
  renderPage()
  fireEvent.click(await screen.findByRole('button', { name: 'Rename Physics' }))
  let dialog = within(screen.getByRole('dialog', { name: 'Rename Exam' }))
  fireEvent.change(dialog.getByLabelText('Exam name'), { target: { value: 'Physics Y10' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Rename' }))
  await vi.waitFor(() => expect(renameExam).toHaveBeenCalledWith('exam-physics', 'Physics Y10'))
  // The dialog is modal: a person reaches the list again only once it has closed (on a loaded
  // machine the rename's answer can come after the next click, which then met the open dialog).
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

  fireEvent.click(await screen.findByRole('button', { name: 'Duplicate Mathematics' }))
  dialog = within(screen.getByRole('dialog', { name: 'Duplicate Exam' }))
  expect((dialog.getByLabelText('Exam name') as HTMLInputElement).value).toBe('Mathematics (copy)')
  fireEvent.change(dialog.getByLabelText('Exam name'), { target: { value: 'Mathematics 2027' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Duplicate' }))
  await vi.waitFor(() => expect(duplicateExam).toHaveBeenCalledWith('exam-maths', 'Mathematics 2027'))
  await vi.waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())

  fireEvent.click(await screen.findByRole('button', { name: 'Archive Physics' }))
  await vi.waitFor(() => expect(setExamArchived).toHaveBeenCalledWith('exam-physics', true))
  fireEvent.click(screen.getByRole('button', { name: 'Bring back Latin' }))
  await vi.waitFor(() => expect(setExamArchived).toHaveBeenCalledWith('exam-latin', false))
})

it('keeps the dialog open with the server refusal (a name taken)', async () => {
  vi.mocked(renameExam).mockResolvedValue({ ok: false, error: 'An exam in use already has this name' })
  renderPage()
  fireEvent.click(await screen.findByRole('button', { name: 'Rename Physics' }))
  const dialog = within(screen.getByRole('dialog', { name: 'Rename Exam' }))
  fireEvent.change(dialog.getByLabelText('Exam name'), { target: { value: 'Mathematics' } })
  fireEvent.click(dialog.getByRole('button', { name: 'Rename' }))
  expect(await screen.findByText('An exam in use already has this name')).toBeDefined()
  expect(screen.getByRole('dialog', { name: 'Rename Exam' })).toBeDefined()
})
