import { fireEvent, render, screen } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { fromPromise } from 'xstate'
import { describe, expect, it } from 'vitest'
import { studentFlowMachine, type ExamStart, type ResumePoint, type StudentDetails } from '../../machines/student-flow.machine'
import { ExamPage } from '../../src/features/student/exam-page'
import { StudentFlow } from '../../src/features/student/student-flow-context'
import { examStart } from './exam-fixtures'

/** A returning visit with a stored session whose exam has no questions: the flow resumes into Test Unavailable. */
function renderResumedIntoUnavailable() {
  const log = { starts: [] as StudentDetails[], forgotten: 0 }
  const session = { loginCode: 'ABCD1234', studentName: 'Ada Lovelace' }
  const machine = studentFlowMachine.provide({
    actors: {
      resume: fromPromise<ResumePoint>(async () => ({ kind: 'session', session })),
      startExam: fromPromise<ExamStart, StudentDetails>(async ({ input }) => {
        log.starts.push(input)
        return { outcome: 'no_questions' }
      }),
    },
    actions: { forgetSession: () => log.forgotten++, persistSession: () => {} },
  })
  let flow: ReturnType<typeof StudentFlow.useActorRef> | undefined
  function CaptureFlow() {
    flow = StudentFlow.useActorRef()
    return null
  }
  render(
    <MemoryRouter>
      <StudentFlow.Provider logic={machine} options={{ input: { now: () => examStart } }}>
        <CaptureFlow />
        <ExamPage />
      </StudentFlow.Provider>
    </MemoryRouter>,
  )
  return { log, session, flowSnapshot: () => flow!.getSnapshot() }
}

describe('test-unavailable screen', () => {
  it('says why and offers Try Again, Use a different code and Return to Home as focusable controls', async () => {
    renderResumedIntoUnavailable()
    expect(await screen.findByRole('heading', { level: 1, name: 'Test Unavailable' })).toBeDefined()
    expect(screen.getByRole('alert').textContent).toBe('No questions available. Please contact your administrator.')
    for (const control of [
      screen.getByRole('button', { name: 'Try Again' }),
      screen.getByRole('button', { name: 'Use a different code' }),
      screen.getByRole('link', { name: 'Return to Home' }),
    ]) {
      control.focus()
      expect(document.activeElement).toBe(control)
    }
  })

  it('loads the exam again with the same code on Try Again', async () => {
    const { log, session } = renderResumedIntoUnavailable()
    fireEvent.click(await screen.findByRole('button', { name: 'Try Again' }))
    await screen.findByRole('heading', { level: 1, name: 'Test Unavailable' })
    expect(log.starts).toEqual([session, session])
    expect(log.forgotten).toBe(0)
  })

  it('forgets the session and goes back to the code step on Use a different code', async () => {
    const { log, flowSnapshot } = renderResumedIntoUnavailable()
    fireEvent.click(await screen.findByRole('button', { name: 'Use a different code' }))
    expect(log.forgotten).toBe(1)
    expect(flowSnapshot().matches({ codeStep: 'editing' })).toBe(true)
    expect(flowSnapshot().context.loginCode).toBe('')
  })
})
