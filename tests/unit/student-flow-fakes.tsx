import { render } from '@testing-library/react'
import type { ReactNode } from 'react'
import { MemoryRouter } from 'react-router-dom'
import { fromCallback, fromPromise } from 'xstate'
import { studentFlowMachine, type AttemptResume, type CodeLookup, type ResumePoint } from '../../machines/student-flow.machine'
import type { SubmissionStatus } from '../../src/domain/exam-submission'
import { StudentFlow } from '../../src/features/student/student-flow-context'
import { fakeExamSession, pendingSubmission } from './exam-session-fakes'

export interface StudentFlowFakes {
  /** What the device finds on opening (default: nothing to resume). */
  resume?: ResumePoint
  /** check_login_code's answer (default: valid, no exam named). */
  lookup?: CodeLookup
  /** resume_exam_attempt's answer (default: wrong_pin). */
  resumeAttempt?: () => Promise<AttemptResume>
}

/**
 * `pages` on one student flow whose I/O is faked: its exam session is fakeExamSession's (returned, to answer as
 * the real I/O would), a submission stays pending, and nothing is persisted on the device.
 */
export function renderStudentFlow(pages: ReactNode, fakes: StudentFlowFakes = {}) {
  const session = fakeExamSession()
  const machine = studentFlowMachine.provide({
    actors: {
      resume: fromPromise<ResumePoint>(async () => fakes.resume ?? { kind: 'none' }),
      checkLoginCode: fromPromise(async () => fakes.lookup ?? { outcome: 'valid' as const, exam: null }),
      resumeAttempt: fromPromise(fakes.resumeAttempt ?? (async () => ({ outcome: 'wrong_pin' }) as const)),
      examSession: session.machine,
      watchSubmission: fromCallback(({ sendBack }) => {
        sendBack({ type: 'SUBMISSION_UPDATED', status: pendingSubmission satisfies SubmissionStatus })
      }),
    },
    actions: { forgetSession: () => {}, persistSession: () => {} },
  })
  render(
    <MemoryRouter>
      <StudentFlow.Provider logic={machine} options={{ input: { now: () => Date.now() } }}>
        {pages}
      </StudentFlow.Provider>
    </MemoryRouter>,
  )
  return session
}
