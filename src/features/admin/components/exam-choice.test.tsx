import { fireEvent, render, screen } from '@testing-library/react'
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router-dom'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { listExams, type Exam } from '../../../lib/admin/admin-exams'
import { ExamsProvider, useExamChoice, useExamLink } from './exam-choice'

vi.mock('../../../lib/admin/admin-exams', () => ({ listExams: vi.fn() }))

const exam = (id: string, name: string, archived_at: string | null = null): Exam => ({
  id,
  name,
  archived_at,
  created_at: '2026-11-20T08:00:00Z',
  default_duration_minutes: 30,
  shuffle_questions: true,
  shuffle_options: true,
})
const maths = exam('exam-maths', 'Mathematics')
const physics = exam('exam-physics', 'Physics')
const oldLatin = exam('exam-latin', 'Latin 2025', '2026-01-01T00:00:00Z')

/** A screen showing the exam it reads, its picker and a link to another screen. */
function Screen({ allowAll = false }: { allowAll?: boolean }) {
  const choice = useExamChoice({ allowAll })
  const examLink = useExamLink()
  const location = useLocation()
  return (
    <>
      {choice.picker}
      <p data-testid="shown">{choice.examId ?? 'all'}</p>
      <p data-testid="address">{location.search}</p>
      <Link to={examLink('/admin/codes')}>Codes</Link>
    </>
  )
}

function renderAt(path: string, exams: Exam[], allowAll = false) {
  vi.mocked(listExams).mockResolvedValue({ ok: true, data: exams })
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route element={<ExamsProvider />}>
          <Route path="/admin/*" element={<Screen allowAll={allowAll} />} />
        </Route>
      </Routes>
    </MemoryRouter>,
  )
}

beforeEach(() => vi.mocked(listExams).mockReset())

describe('the exam picker', () => {
  it('is not shown with one exam in use (an archived one does not count), and the screen reads that exam', async () => {
    renderAt('/admin/questions', [oldLatin, maths])
    expect((await screen.findByTestId('shown')).textContent).toBe('exam-maths')
    expect(screen.queryByLabelText('Exam')).toBeNull()
    expect(screen.getByRole('link', { name: 'Codes' }).getAttribute('href')).toBe('/admin/codes')
  })

  it('with several exams, a screen that needs one shows the first in use without ?exam=, and picking keeps the exam in the address', async () => {
    renderAt('/admin/questions', [maths, physics])
    const picker = await screen.findByLabelText('Exam')
    expect(screen.getByTestId('shown').textContent).toBe('exam-maths')
    expect([...picker.querySelectorAll('option')].map((option) => option.textContent)).toEqual(['Mathematics', 'Physics'])

    fireEvent.change(picker, { target: { value: 'exam-physics' } })
    expect(screen.getByTestId('shown').textContent).toBe('exam-physics')
    expect(screen.getByTestId('address').textContent).toBe('?exam=exam-physics')
    // Links between admin screens open the same exam.
    expect(screen.getByRole('link', { name: 'Codes' }).getAttribute('href')).toBe('/admin/codes?exam=exam-physics')
  })

  it('opens the exam a link names', async () => {
    renderAt('/admin/results?exam=exam-physics', [maths, physics])
    expect(((await screen.findByLabelText('Exam')) as HTMLSelectElement).value).toBe('exam-physics')
    expect(screen.getByTestId('shown').textContent).toBe('exam-physics')
  })

  it('offers "All exams" where allowed: the default without ?exam=, and choosing it takes the exam out of the address', async () => {
    renderAt('/admin/live?exam=exam-maths', [maths, physics], true)
    const picker = await screen.findByLabelText('Exam')
    expect([...picker.querySelectorAll('option')].map((option) => option.textContent)).toEqual([
      'All exams',
      'Mathematics',
      'Physics',
    ])
    expect(screen.getByTestId('shown').textContent).toBe('exam-maths')
    fireEvent.change(picker, { target: { value: '' } })
    expect(screen.getByTestId('shown').textContent).toBe('all')
    expect(screen.getByTestId('address').textContent).toBe('')
  })

  it('a screen that needs one exam has no "All exams"', async () => {
    renderAt('/admin/questions', [maths, physics])
    const picker = await screen.findByLabelText('Exam')
    expect([...picker.querySelectorAll('option')].map((option) => option.value)).not.toContain('')
  })

  it('shows the screens as in a one-exam school when the exams cannot be read', async () => {
    vi.mocked(listExams).mockResolvedValue({ ok: false, error: 'Failed to load exams' })
    render(
      <MemoryRouter initialEntries={['/admin/questions']}>
        <Routes>
          <Route element={<ExamsProvider />}>
            <Route path="/admin/*" element={<Screen />} />
          </Route>
        </Routes>
      </MemoryRouter>,
    )
    expect((await screen.findByTestId('shown')).textContent).toBe('all')
    expect(screen.queryByLabelText('Exam')).toBeNull()
  })
})

it('a school with a single exam names no exam, so its calls are the ones it made before', async () => {
  renderAt('/admin/questions', [maths])
  expect((await screen.findByTestId('shown')).textContent).toBe('all')
  expect(screen.queryByLabelText('Exam')).toBeNull()
})
