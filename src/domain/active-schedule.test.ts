import { describe, expect, it } from 'vitest'
import {
  codeWindowNotOpen,
  currentSitting,
  examFactLines,
  examSizeText,
  isBeforeExamWindow,
  sittingPerExam,
  type ExamSitting,
} from './active-schedule'

const window = { start_time: '2026-11-23T09:00:00.000Z', end_time: '2026-11-23T11:00:00.000Z' }

it.each([
  ['before the window opens', '2026-11-23T08:59:59.999Z', true],
  ['while it is open', '2026-11-23T10:00:00.000Z', false],
  // A code's extra minutes may still reach now: the server is asked (issue 16).
  ['after its end', '2026-11-23T11:05:00.000Z', false],
])('refuses every code on the device %s: %s', (_when, now, refused) =>
  expect(isBeforeExamWindow(window, new Date(now))).toBe(refused),
)

it('refuses nothing without an active schedule', () => {
  expect(isBeforeExamWindow(null, new Date('2026-11-23T08:00:00.000Z'))).toBe(false)
})

describe('the sitting a code of an exam starts in (the server’s rule)', () => {
  const at = (time: string) => `2026-11-23T${time}:00.000Z`
  const sitting = (exam: string, name: string, from: string, to: string, created: string): ExamSitting => ({
    exam_id: exam,
    exam,
    exam_name: name,
    start_time: at(from),
    end_time: at(to),
    duration_minutes: 30,
    created_at: at(created),
  })
  const morning = sitting('maths', 'Morning', '09:00', '11:00', '01:00')
  const retake = sitting('maths', 'Retake', '10:00', '12:00', '00:30')
  const afternoon = sitting('maths', 'Afternoon', '13:00', '15:00', '02:00')
  const maths = [morning, retake, afternoon]

  it.each([
    ['the newest created of those open now', '10:30', 'Morning'],
    ['the only one open', '11:30', 'Retake'],
    ['the next to start when none is open', '12:30', 'Afternoon'],
    ['the next to start before the first', '08:00', 'Morning'],
    ['the one that ended last once all are over', '16:00', 'Afternoon'],
  ])('is %s', (_rule, now, name) => {
    expect(currentSitting(maths, new Date(at(now)))?.exam_name).toBe(name)
  })

  it('is none without an active sitting', () => {
    expect(currentSitting([], new Date(at('10:00')))).toBeNull()
  })

  it('is one per exam, the open ones first, then the coming ones, then those over', () => {
    const physics = sitting('physics', 'Hall', '12:00', '14:00', '01:00')
    const history = sitting('history', 'Monday', '07:00', '08:00', '01:00')
    const chemistry = sitting('chemistry', 'Lab', '09:30', '10:45', '01:00')
    const names = sittingPerExam([history, ...maths, physics, chemistry], new Date(at('10:30'))).map(
      (s) => `${s.exam} ${s.exam_name}`,
    )
    expect(names).toEqual(['chemistry Lab', 'maths Morning', 'physics Hall', 'history Monday'])
  })

  it('is what the device checks a valid code against: its own exam’s, whatever other exam is open', () => {
    const hall = sitting('physics', 'Hall', '12:00', '14:00', '01:00')
    const now = new Date(at('10:30'))
    expect(codeWindowNotOpen({ outcome: 'valid', exam: { name: 'Physics', sitting: hall } }, now)).toBe(true)
    expect(codeWindowNotOpen({ outcome: 'valid', exam: { name: 'Mathematics', sitting: morning } }, now)).toBe(false)
    // No sitting: no window. No exam named (an older server): the server's verdict stands.
    expect(codeWindowNotOpen({ outcome: 'valid', exam: { name: 'Physics', sitting: null } }, now)).toBe(false)
    expect(codeWindowNotOpen({ outcome: 'valid', exam: null }, now)).toBe(false)
    expect(codeWindowNotOpen({ outcome: 'used', exam: { name: 'Physics', sitting: hall } }, now)).toBe(false)
  })
})

describe('examSizeText and examFactLines', () => {
  const sitting = (exam: string, question_count: number | null | undefined, duration_minutes = 30): ExamSitting => ({
    exam_id: exam.toLowerCase(),
    exam,
    exam_name: exam,
    start_time: '2026-11-23T09:00:00.000Z',
    end_time: '2026-11-23T11:00:00.000Z',
    duration_minutes,
    created_at: '2026-11-20T09:00:00.000Z',
    question_count,
  })

  it.each([
    [sitting('A', 50), '30 minutes, 50 multiple-choice questions'],
    [sitting('A', 1, 1), '1 minute, 1 multiple-choice question'],
    [sitting('A', null), '30 minutes, multiple-choice questions'],
    [sitting('A', undefined), '30 minutes, multiple-choice questions'],
  ])('words %j as %j', (given, text) => expect(examSizeText(given)).toBe(text))

  it('gives one line per exam, from the sitting its codes start in now', () => {
    const now = new Date('2026-11-23T10:00:00.000Z')
    expect(examFactLines([sitting('Mathematics', 40, 45), sitting('Physics', 12)], now)).toEqual([
      { exam: 'Mathematics', size: '45 minutes, 40 multiple-choice questions' },
      { exam: 'Physics', size: '30 minutes, 12 multiple-choice questions' },
    ])
  })
})
