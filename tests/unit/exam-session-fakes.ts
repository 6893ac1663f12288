import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { examSessionMachine, type AttemptReporterEvent, type ProgressWriterEvent } from '../../machines/exam-session.machine'
import type { ExamAttempt } from '../../src/domain/exam-attempt'
import type { SubmissionStatus } from '../../src/domain/exam-submission'

export const pendingSubmission: SubmissionStatus = { state: 'pending', fingerprint: 'fp', sendCount: 0, lastFailure: null }

export interface ExamSessionFakes {
  submitAttempt?: (attempt: ExamAttempt) => Promise<SubmissionStatus>
  /** Confirm each progress save at once (default) or leave it to the test. */
  confirmSaves?: boolean
}

export type ProgressWriterAnswer =
  { type: 'PROGRESS_SAVED'; revision: number } | { type: 'PROGRESS_SAVE_FAILED'; revision: number; message: string }

/** The exam session with its I/O replaced by recorders, and handles to answer as the real I/O would. */
export function fakeExamSession(fakes: ExamSessionFakes = {}) {
  const log = {
    saves: [] as ProgressWriterEvent[],
    submitted: [] as ExamAttempt[],
    /** What the reporter was asked to pass on: state, answered count and tab switches. */
    reports: [] as Array<{ state: string; answers: number; tabSwitches: number }>,
    deadlineWatches: [] as string[],
  }
  const writer: { answer?: (event: ProgressWriterAnswer) => void } = {}
  const reporter: { connectionRestored?: () => void } = {}
  const deadlines: { change?: (deadline: number) => void } = {}
  const machine = examSessionMachine.provide({
    actors: {
      progressWriter: fromCallback<ProgressWriterEvent>(({ receive, sendBack }) => {
        writer.answer = sendBack
        receive((event) => {
          log.saves.push(event)
          if (fakes.confirmSaves !== false) sendBack({ type: 'PROGRESS_SAVED', revision: event.revision })
        })
      }),
      submitAttempt: fromPromise(async ({ input }) => {
        log.submitted.push(input.attempt)
        return (fakes.submitAttempt ?? (async () => pendingSubmission))(input.attempt)
      }),
      attemptReporter: fromCallback<AttemptReporterEvent>(({ receive, sendBack }) => {
        reporter.connectionRestored = () => sendBack({ type: 'CONNECTION_RESTORED' })
        receive(({ attempt, state }) =>
          log.reports.push({ state, answers: Object.keys(attempt.answers).length, tabSwitches: attempt.tabSwitches }),
        )
      }),
      watchDeadline: fromCallback<EventObject, { attemptId: string }>(({ input, sendBack }) => {
        log.deadlineWatches.push(input.attemptId)
        deadlines.change = (deadline) => sendBack({ type: 'DEADLINE_CHANGED', deadline })
      }),
    },
  })
  return { machine, log, writer, reporter, deadlines }
}
