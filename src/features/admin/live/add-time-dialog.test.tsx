import { fireEvent, render, screen } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { addTimeForEveryone, countStudentsStillWriting } from '../../../lib/admin/room-time'
import { listSchedules, type ExamSchedule } from '../../../lib/admin/admin-schedules'
import { AddTimeDialog, addedText } from './add-time-dialog'

vi.mock('../../../lib/admin/room-time', () => ({ addTimeForEveryone: vi.fn(), countStudentsStillWriting: vi.fn() }))
vi.mock('../../../lib/admin/admin-schedules', () => ({ listSchedules: vi.fn() }))

const onAdded = vi.fn()
const onClose = vi.fn()

beforeEach(() => {
  vi.mocked(countStudentsStillWriting).mockReset().mockResolvedValue({ ok: true, data: 23 })
  vi.mocked(addTimeForEveryone).mockReset().mockResolvedValue({ ok: true, data: 23 })
  onAdded.mockReset()
  onClose.mockReset()
})

function enterMinutes(text: string) {
  render(<AddTimeDialog onClose={onClose} onAdded={onAdded} />)
  fireEvent.change(screen.getByLabelText('Minutes to add (1 to 180)'), { target: { value: text } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('Add time for everyone', () => {
  it('names how many students it reaches before adding, and adds only once confirmed', async () => {
    enterMinutes('10')
    expect(
      await screen.findByText(
        'Add 10 minutes for the 23 students still writing the current exam? Their deadlines move, and each device learns it at its next report.',
      ),
    ).toBeDefined()
    expect(addTimeForEveryone).not.toHaveBeenCalled()
    fireEvent.click(screen.getByRole('button', { name: 'Add 10 minutes' }))
    await vi.waitFor(() => expect(onAdded).toHaveBeenCalledWith(10, 23))
    expect(addTimeForEveryone).toHaveBeenCalledWith(10)
  })

  it.each(['0', '181', '2.5', ''])('refuses %j minutes with the range, asking the server nothing', (text) => {
    enterMinutes(text)
    expect(screen.getByText('Added time must be a whole number of minutes between 1 and 180')).toBeDefined()
    expect(countStudentsStillWriting).not.toHaveBeenCalled()
  })

  it('says there is nobody to add time for when no student is writing', async () => {
    vi.mocked(countStudentsStillWriting).mockResolvedValue({ ok: true, data: 0 })
    enterMinutes('5')
    expect(
      await screen.findByText('No student is writing the current exam right now: there is nobody to add time for.'),
    ).toBeDefined()
    expect(screen.queryByRole('button', { name: 'Add 5 minutes' })).toBeNull()
  })

  it('shows the server’s refusal and adds nothing', async () => {
    vi.mocked(addTimeForEveryone).mockResolvedValue({
      ok: false,
      error: 'a student would have more than 180 minutes of extra time',
    })
    enterMinutes('30')
    fireEvent.click(await screen.findByRole('button', { name: 'Add 30 minutes' }))
    expect(await screen.findByText('a student would have more than 180 minutes of extra time')).toBeDefined()
    expect(onAdded).not.toHaveBeenCalled()
  })

  it('words the outcome', () => {
    expect(addedText(10, 23)).toBe('Added 10 minutes for 23 students.')
    expect(addedText(1, 1)).toBe('Added 1 minute for 1 student.')
    expect(addedText(10, 0)).toBe('No student was still writing: no time was added.')
  })
})

describe('Add time for everyone with several exams', () => {
  const sitting = (id: string, name: string): ExamSchedule =>
    ({ id, exam_name: name, is_active: true, exam_id: 'exam-physics' }) as ExamSchedule
  const exams = [
    { id: 'exam-maths', name: 'Mathematics' },
    { id: 'exam-physics', name: 'Physics' },
  ]

  it('asks which exam (and sitting) the time is for, and adds it for those students only', async () => {
    vi.mocked(listSchedules).mockResolvedValue({
      ok: true,
      data: [sitting('s-am', 'Physics morning'), sitting('s-pm', 'Physics afternoon')],
    })
    render(<AddTimeDialog onClose={onClose} onAdded={onAdded} exams={exams} />)
    fireEvent.change(screen.getByLabelText('Minutes to add (1 to 180)'), { target: { value: '10' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Choose the exam the time is for')).toBeDefined()
    expect(countStudentsStillWriting).not.toHaveBeenCalled()

    fireEvent.change(screen.getByLabelText('Exam'), { target: { value: 'exam-physics' } })
    fireEvent.change(await screen.findByLabelText('Sitting'), { target: { value: 's-pm' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    const room = { examId: 'exam-physics', sittingId: 's-pm', label: 'Physics, Physics afternoon' }
    expect(
      await screen.findByText(
        'Add 10 minutes for the 23 students still writing Physics, Physics afternoon? Their deadlines move, and each device learns it at its next report.',
      ),
    ).toBeDefined()
    expect(countStudentsStillWriting).toHaveBeenCalledWith(room)
    fireEvent.click(screen.getByRole('button', { name: 'Add 10 minutes' }))
    await vi.waitFor(() => expect(addTimeForEveryone).toHaveBeenCalledWith(10, room))
  })

  it('does not ask when the Proctor Room is filtered to an exam: the time is for it', async () => {
    const room = { examId: 'exam-maths', label: 'Mathematics' }
    render(<AddTimeDialog onClose={onClose} onAdded={onAdded} exams={exams} room={room} />)
    expect(screen.queryByLabelText('Exam')).toBeNull()
    fireEvent.change(screen.getByLabelText('Minutes to add (1 to 180)'), { target: { value: '5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText(/still writing Mathematics\?/)).toBeDefined()
    expect(countStudentsStillWriting).toHaveBeenCalledWith(room)
  })
})
