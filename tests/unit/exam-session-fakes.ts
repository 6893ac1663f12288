import { fromCallback, fromPromise, type EventObject } from 'xstate'
import { examSessionMachine, type AttemptReporterEvent, type ProgressWriterEvent } from '../../machines/exam-session.machine'
import type { ExamAttempt } from '../../src/domain/exam-attempt'
import type { SubmissionStatus } from '../../src/domain/exam-submission'
import type { ServerCopy } from '../../src/domain/server-copy'

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
    /** What the reporter was asked to pass on: state, answered count, tab switches and flags. */
    reports: [] as Array<{ state: string; answers: number; tabSwitches: number; flags: number[] }>,
    deadlineWatches: [] as string[],
  }
  const writer: { answer?: (event: ProgressWriterAnswer) => void } = {}
  const reporter: { connectionRestored?: () => void } = {}
  const deadlines: { change?: (deadline: number) => void } = {}
  /** Answers as the server-copy watch would: a delivered report's copy, or the server's word that the attempt moved. */
  const server: { copy?: (copy: ServerCopy | null) => void; moved?: () => void } = {}
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
          log.reports.push({
            state,
            answers: Object.keys(attempt.answers).length,
            tabSwitches: attempt.tabSwitches,
            flags: attempt.flags,
          }),
        )
      }),
      watchDeadline: fromCallback<EventObject, { attemptId: string }>(({ input, sendBack }) => {
        log.deadlineWatches.push(input.attemptId)
        deadlines.change = (deadline) => sendBack({ type: 'DEADLINE_CHANGED', deadline })
      }),
      watchServerCopy: fromCallback<EventObject, { attemptId: string }>(({ sendBack }) => {
        server.copy = (copy) => sendBack({ type: 'SERVER_COPY_CHANGED', copy })
        server.moved = () => sendBack({ type: 'MOVED' })
      }),
    },
  })
  return { machine, log, writer, reporter, deadlines, server }
}
