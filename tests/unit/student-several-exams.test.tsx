import { fireEvent, screen, within } from '@testing-library/react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ExamSitting } from '../../src/domain/active-schedule'
import { formatExamTime } from '../../src/lib/browser/interface-locale'
import { ExamPage } from '../../src/features/student/exam-page'
import { StudentLoginPage } from '../../src/features/student/student-login-page'
import { latestAttemptFor, saveNewAttempt } from '../../src/lib/offline/attempt-store'
import { clearExamDb, examAttempt, examStart } from './exam-fixtures'
import { renderStudentFlow, type StudentFlowFakes } from './student-flow-fakes'

// The login screen's sittings come from the server (or the device's copy): here, from the test.
const sittingsOnServer = vi.hoisted(() => ({ current: [] as ExamSitting[] }))
vi.mock('../../src/lib/offline/active-schedule-cache', () => ({
  examSittingsOrCached: async () => sittingsOnServer.current,
}))

const hour = 60 * 60 * 1000
const iso = (offset: number) => new Date(Date.now() + offset).toISOString()
const sitting = (exam: string, name: string, from: number, to: number): ExamSitting => ({
  exam_id: exam.toLowerCase(),
  exam,
  exam_name: name,
  start_time: iso(from),
  end_time: iso(to),
  duration_minutes: 45,
  created_at: iso(-48 * hour),
  question_count: 20,
})

function renderStudentArea(page: 'login' | 'exam', fakes: StudentFlowFakes = {}) {
  renderStudentFlow(page === 'login' ? <StudentLoginPage /> : <ExamPage />, fakes)
}

async function submitCode(code: string) {
  const input = await screen.findByLabelText('Login Code')
  fireEvent.change(input, { target: { value: code } })
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
}

describe('the login screen', () => {
  const maths = sitting('Mathematics', 'Morning', -hour, hour)
  const physics = sitting('Physics', 'Hall', 2 * hour, 4 * hour)

  it('shows one exam’s window as it always did, its name only beside its size, and names the exam on the name step', async () => {
    sittingsOnServer.current = [maths]
    renderStudentArea('login', { lookup: { outcome: 'valid', exam: { name: 'Mathematics', sitting: maths } } })
    const panel = await screen.findByRole('region', { name: 'Exam schedule' })
    expect(panel.textContent).toMatch(
      new RegExp(
        `^Mathematics: 45 minutes, 20 multiple-choice questionsExam is active until ${formatExamTime(maths.end_time)}Ends in 59m \\d+s$`,
      ),
    )
    await submitCode('ABCD1234')
    expect(await screen.findByText('Step 2 of 2: Your name')).toBeDefined()
    expect(screen.getByText('Exam:').textContent).toBe('Exam: Mathematics')
    expect(within(screen.getByRole('region', { name: 'Exam schedule' })).queryByText('Mathematics')).toBeNull()
  })

  it('lists each exam’s sitting by name while several are on, then shows the code’s exam alone', async () => {
    sittingsOnServer.current = [maths, physics]
    renderStudentArea('login', { lookup: { outcome: 'valid', exam: { name: 'Physics', sitting: physics } } })
    const panel = await screen.findByRole('region', { name: 'Exam schedule' })
    const lines = within(panel)
      .getAllByRole('listitem')
      .map((line) => line.textContent)
    expect(lines).toEqual([
      expect.stringMatching(
        new RegExp(
          `^Mathematics · Morning45 minutes, 20 multiple-choice questionsExam is active until ${formatExamTime(maths.end_time)}Ends in`,
        ),
      ),
      expect.stringMatching(
        new RegExp(
          `^Physics · Hall45 minutes, 20 multiple-choice questionsExam will start on ${formatExamTime(physics.start_time)}Starts in`,
        ),
      ),
    ])
    expect(panel.textContent).toContain('Several exams are on. Enter your login code to see the time of yours.')

    await submitCode('WXYZ9876')
    expect(await screen.findByText('Step 2 of 2: Your name')).toBeDefined()
    expect(screen.getByText('Exam:').textContent).toBe('Exam: Physics')
    const codePanel = screen.getByRole('region', { name: 'Exam schedule' })
    expect(within(codePanel).queryByRole('list')).toBeNull()
    expect(codePanel.textContent).toMatch(/^Physics · Hall45 minutes, 20 multiple-choice questionsExam will start on .*Starts in/)
  })
})

describe('the exam’s name after the code step', () => {
  beforeEach(clearExamDb)

  it('heads the exam screen, kept with the attempt on the device across a reload', async () => {
    const stored = examAttempt({ examName: 'Mathematics', deadline: Date.now() + hour })
    await saveNewAttempt(stored)
    // A reload offline resumes from the device: what the attempt store gives back.
    const resumed = await latestAttemptFor(stored.loginCode)
    expect(resumed?.examName).toBe('Mathematics')
    renderStudentArea('exam', { resume: { kind: 'attempt', attempt: resumed! } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Mathematics' })).toBeDefined()
  })

  it('keeps the plain heading for an attempt stored before exams were named', async () => {
    const { examName: _name, ...older } = examAttempt({ deadline: Date.now() + hour })
    renderStudentArea('exam', { resume: { kind: 'attempt', attempt: older } })
    expect(await screen.findByRole('heading', { level: 1, name: 'Exam' })).toBeDefined()
  })

  it('names the exam on the completion screen', async () => {
    const attempt = examAttempt({ examName: 'Physics', status: 'submitted', submittedAt: examStart + 60_000 })
    renderStudentArea('exam', { resume: { kind: 'attempt', attempt } })
    // The fake outbox keeps the submission waiting on the device.
    await screen.findByRole('heading', { level: 1, name: 'Saved on this device, not sent yet' })
    expect(screen.getByText('Physics')).toBeDefined()
  })
})
