import { assign, fromCallback, fromPromise, raise, sendTo, setup, type EventObject } from 'xstate'
import { attemptReportIntervalMs, attemptReportQuietMs, type ReportedAttemptState } from '../src/domain/attempt-report'
import { errorMessage } from '../src/domain/error-message'
import { allQuestionsAnswered, toggledFlags, type ExamAttempt } from '../src/domain/exam-attempt'
import type { SubmissionStatus } from '../src/domain/exam-submission'
import type { AnswerLetter } from '../src/domain/question'
import type { ServerCopy } from '../src/domain/server-copy'
import { studentMessages, submitFailedMessage } from '../src/domain/student-messages'
import { examTimerMachine } from './exam-timer.machine'
import { notProvided } from './not-provided'

/** Sent to the progress writer after every change; it answers PROGRESS_SAVED or PROGRESS_SAVE_FAILED. */
export type ProgressWriterEvent = { type: 'SAVE'; attempt: ExamAttempt; revision: number }

/**
 * Sent to the attempt reporter, which passes the attempt's progress, answers and flags on to the
 * server (the proctor's live view and the server's copy); it answers CONNECTION_RESTORED when the
 * device comes back online.
 */
export type AttemptReporterEvent = { type: 'REPORT'; attempt: ExamAttempt; state: ReportedAttemptState }

export type ExamSessionEvent =
  | { type: 'ANSWER'; questionNumber: number; letter: AnswerLetter }
  /** "Review later" pressed on a question: flagged, or no longer. */
  | { type: 'TOGGLE_FLAG'; questionNumber: number }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'GO_TO'; index: number }
  /** The page was hidden or the window lost focus. */
  | { type: 'LEFT_PAGE' }
  | { type: 'RETURNED' }
  | { type: 'BACK_NAVIGATION' }
  /** Submit Test: opens the summary ("Review before submitting") once every question is answered. */
  | { type: 'SUBMIT' }
  /** The navigator's "Review all answers": the summary, answered or not. */
  | { type: 'REVIEW_ANSWERS' }
  /** The summary's "Back to the exam". */
  | { type: 'CLOSE_REVIEW' }
  /** The summary's "Submit now": the submission itself. */
  | { type: 'SUBMIT_NOW' }
  | { type: 'PROGRESS_SAVED'; revision: number }
  | { type: 'PROGRESS_SAVE_FAILED'; revision: number; message: string }
  | { type: 'CONNECTION_RESTORED' }
  /** The server moved the attempt's deadline (device clock): extra time given during the exam. */
  | { type: 'DEADLINE_CHANGED'; deadline: number }
  /** Raised by the session itself when a moved deadline gave the student more time. */
  | { type: 'TIME_ADDED' }
  /** Raised by the session itself after each answer or flag, for the report a quiet period later. */
  | { type: 'PROGRESS_CHANGED' }
  /** What the server last received of the attempt (lib/sync/attempt-reports.ts), now and after every delivered report. */
  | { type: 'SERVER_COPY_CHANGED'; copy: ServerCopy | null }
  /** The server said the attempt continues on another device (a proctor's move). */
  | { type: 'MOVED' }

export interface ExamSessionInput {
  attempt: ExamAttempt
  /** The device clock: the timer and the submission's stamp read the time from it and from nothing else. */
  now: () => number
}

export interface ExamSessionContext extends ExamSessionInput {
  /** The message the exam shows, if any. */
  error: string | null
  /** The page is hidden or unfocused: a blur and a hide for one switch count once. */
  awayFromPage: boolean
  /** Bumped by every change to the attempt; saved once the writer confirms that revision. */
  revision: number
  savedRevision: number
  saveError: string | null
  timeUp: boolean
  submission: SubmissionStatus | null
  /** Minutes the latest later deadline added, for "Your proctor added N minutes." */
  addedMinutes: number | null
  /** What the server last received of the attempt; null until a report is delivered. */
  serverCopy: ServerCopy | null
}

/** What the session hands back once the submission is stored on the device. */
export interface ExamSessionOutput {
  attempt: ExamAttempt
  submission: SubmissionStatus
  timeUp: boolean
}

function changeAttempt(context: ExamSessionContext, change: Partial<ExamAttempt>) {
  return { attempt: { ...context.attempt, ...change }, revision: context.revision + 1 }
}

const inProgressReport = { type: 'reportAttempt', params: { state: 'in_progress' } } as const
const showSubmitFailure = {
  type: 'showSubmitFailure',
  params: ({ event }: { event: { error: unknown } }) => ({ error: event.error }),
} as const

/**
 * One student's exam, from its first question until the submission is stored on the device
 * (docs/product.md#taking-the-exam): answers, "Review later" flags, moves between questions, tab switches,
 * the timer, the summary before submitting ("Submit now" submits; time-up submits without it) and the
 * submission. The progress writer is handed the attempt as the session opens it (so the first click writes
 * one row, not everything, and the device learns at once if the attempt is gone) and then every change
 * to it; the timer's end submits. The server hears of the attempt, answers and flags included, on start,
 * every 30 s, at each tab switch, on reconnect, 2 s after the latest answer or flag and when the
 * submission is stored; a deadline the server moves (extra time) restarts the timer. What the server last
 * received comes from the server-copy watch, which also says when the attempt moved to another device:
 * then the session stops (`moved`: no timer, reports or submission). All I/O is injected with `provide`.
 */
export const examSessionMachine = setup({
  types: {
    input: {} as ExamSessionInput,
    context: {} as ExamSessionContext,
    events: {} as ExamSessionEvent,
    output: {} as ExamSessionOutput,
    children: {} as {
      timer: 'examTimer'
      progressWriter: 'progressWriter'
      attemptReporter: 'attemptReporter'
      deadlineWatch: 'watchDeadline'
      serverCopyWatch: 'watchServerCopy'
    },
  },
  actors: {
    progressWriter: fromCallback<ProgressWriterEvent>(notProvided('examSession', 'progressWriter')),
    submitAttempt: fromPromise<SubmissionStatus, { attempt: ExamAttempt }>(notProvided('examSession', 'submitAttempt')),
    attemptReporter: fromCallback<AttemptReporterEvent>(notProvided('examSession', 'attemptReporter')),
    watchDeadline: fromCallback<EventObject, { attemptId: string }>(notProvided('examSession', 'watchDeadline')),
    watchServerCopy: fromCallback<EventObject, { attemptId: string }>(notProvided('examSession', 'watchServerCopy')),
    examTimer: examTimerMachine,
  },
  actions: {
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    showSubmitFailure: assign((_, params: { error: unknown }) => ({ error: submitFailedMessage(errorMessage(params.error)) })),
    clearError: assign({ error: null }),
    recordAnswer: assign(({ context }, params: { questionNumber: number; letter: AnswerLetter }) =>
      changeAttempt(context, { answers: { ...context.attempt.answers, [String(params.questionNumber)]: params.letter } }),
    ),
    toggleFlag: assign(({ context }, params: { questionNumber: number }) =>
      changeAttempt(context, { flags: toggledFlags(context.attempt.flags, params.questionNumber) }),
    ),
    noteProgressChanged: raise({ type: 'PROGRESS_CHANGED' }),
    openReview: raise({ type: 'REVIEW_ANSWERS' }),
    closeReview: raise({ type: 'CLOSE_REVIEW' }),
    takeServerCopy: assign((_, params: { copy: ServerCopy | null }) => ({ serverCopy: params.copy })),
    showQuestion: assign(({ context }, params: { index: number }) => changeAttempt(context, { currentIndex: params.index })),
    leavePage: assign({ awayFromPage: true }),
    returnToPage: assign({ awayFromPage: false }),
    countTabSwitch: assign(({ context }) => changeAttempt(context, { tabSwitches: context.attempt.tabSwitches + 1 })),
    persistProgress: sendTo('progressWriter', ({ context }) => ({
      type: 'SAVE' as const,
      attempt: context.attempt,
      revision: context.revision,
    })),
    reportAttempt: sendTo('attemptReporter', ({ context }, params: { state: ReportedAttemptState }) => ({
      type: 'REPORT' as const,
      attempt: context.attempt,
      state: params.state,
    })),
    takeDeadline: assign(({ context }, params: { deadline: number }) => ({
      attempt: { ...context.attempt, deadline: params.deadline },
    })),
    noteAddedTime: assign(({ context }, params: { deadline: number }) => ({
      addedMinutes: Math.round((params.deadline - context.attempt.deadline) / 60_000),
    })),
    announceAddedTime: raise({ type: 'TIME_ADDED' }),
    markSaved: assign(({ context }, params: { revision: number }) =>
      params.revision >= context.savedRevision ? { savedRevision: params.revision, saveError: null } : {},
    ),
    markSaveFailed: assign((_, params: { message: string }) => ({ saveError: params.message })),
    markTimeUp: assign({ timeUp: true }),
    // Answers cannot have changed after the deadline, so a late stamp (a device that slept
    // through it, a reload after it) is pulled back to it and stays inside the window.
    stampSubmission: assign(({ context }) => ({
      attempt: { ...context.attempt, submittedAt: Math.min(context.now(), context.attempt.deadline) },
    })),
    recordSubmission: assign((_, params: { submission: SubmissionStatus }) => ({ submission: params.submission })),
  },
  guards: {
    someUnanswered: ({ context }) => !allQuestionsAnswered(context.attempt),
    hasNextQuestion: ({ context }) => context.attempt.currentIndex < context.attempt.questions.length - 1,
    hasPreviousQuestion: ({ context }) => context.attempt.currentIndex > 0,
    isOtherQuestion: ({ context }, params: { index: number }) =>
      Number.isInteger(params.index) &&
      params.index >= 0 &&
      params.index < context.attempt.questions.length &&
      params.index !== context.attempt.currentIndex,
    timeUp: ({ context }) => context.timeUp,
    deadlineMoved: ({ context }, params: { deadline: number }) => params.deadline !== context.attempt.deadline,
    // Half a minute or more later: time was given (a report's rounding never shows a notice).
    deadlineExtended: ({ context }, params: { deadline: number }) => params.deadline - context.attempt.deadline >= 30_000,
    onPage: ({ context }) => !context.awayFromPage,
  },
  delays: {
    tabWarningDuration: 5_000,
    timeNoticeDuration: 8_000,
    reportInterval: attemptReportIntervalMs,
    reportQuietPeriod: attemptReportQuietMs,
  },
}).createMachine({
  id: 'examSession',
  context: ({ input }) => ({
    ...input,
    error: null,
    awayFromPage: false,
    revision: 0,
    savedRevision: 0,
    saveError: null,
    timeUp: false,
    submission: null,
    addedMinutes: null,
    serverCopy: null,
  }),
  // For the whole session: the last report (the submission stored) is made as the session ends.
  invoke: [
    { id: 'progressWriter', src: 'progressWriter' },
    { id: 'attemptReporter', src: 'attemptReporter' },
    { id: 'deadlineWatch', src: 'watchDeadline', input: ({ context }) => ({ attemptId: context.attempt.id }) },
    { id: 'serverCopyWatch', src: 'watchServerCopy', input: ({ context }) => ({ attemptId: context.attempt.id }) },
  ],
  on: {
    SERVER_COPY_CHANGED: { actions: { type: 'takeServerCopy', params: ({ event }) => ({ copy: event.copy }) } },
  },
  initial: 'inProgress',
  states: {
    inProgress: {
      type: 'parallel',
      entry: ['persistProgress', inProgressReport],
      on: {
        PROGRESS_SAVED: { actions: { type: 'markSaved', params: ({ event }) => ({ revision: event.revision }) } },
        PROGRESS_SAVE_FAILED: { actions: { type: 'markSaveFailed', params: ({ event }) => ({ message: event.message }) } },
        CONNECTION_RESTORED: { actions: inProgressReport },
      },
      states: {
        phase: {
          initial: 'answering',
          states: {
            answering: {
              invoke: {
                id: 'timer',
                src: 'examTimer',
                input: ({ context }) => ({ deadline: context.attempt.deadline, now: context.now }),
                onDone: { target: 'submitting', actions: 'markTimeUp' },
              },
              on: {
                ANSWER: {
                  actions: [
                    {
                      type: 'recordAnswer',
                      params: ({ event }) => ({ questionNumber: event.questionNumber, letter: event.letter }),
                    },
                    'persistProgress',
                    'noteProgressChanged',
                  ],
                },
                TOGGLE_FLAG: {
                  actions: [
                    { type: 'toggleFlag', params: ({ event }) => ({ questionNumber: event.questionNumber }) },
                    'persistProgress',
                    'noteProgressChanged',
                  ],
                },
                NEXT: {
                  guard: 'hasNextQuestion',
                  actions: [
                    { type: 'showQuestion', params: ({ context }) => ({ index: context.attempt.currentIndex + 1 }) },
                    'persistProgress',
                  ],
                },
                PREVIOUS: {
                  guard: 'hasPreviousQuestion',
                  actions: [
                    { type: 'showQuestion', params: ({ context }) => ({ index: context.attempt.currentIndex - 1 }) },
                    'persistProgress',
                  ],
                },
                GO_TO: {
                  guard: { type: 'isOtherQuestion', params: ({ event }) => ({ index: event.index }) },
                  actions: [{ type: 'showQuestion', params: ({ event }) => ({ index: event.index }) }, 'persistProgress'],
                },
                // The spec's rule: a manual submit needs every question answered; the summary comes first.
                SUBMIT: [
                  {
                    guard: 'someUnanswered',
                    actions: { type: 'showError', params: { message: studentMessages.unansweredQuestions } },
                  },
                  { actions: ['clearError', 'openReview'] },
                ],
                SUBMIT_NOW: [
                  {
                    guard: 'someUnanswered',
                    actions: { type: 'showError', params: { message: studentMessages.unansweredQuestions } },
                  },
                  { target: 'submitting' },
                ],
                // Only the server's word moves the exam, and only before it is submitted here.
                MOVED: '#examSession.moved',
                // Entered again, so the timer counts to the new deadline; more time is announced.
                DEADLINE_CHANGED: [
                  {
                    guard: { type: 'deadlineExtended', params: ({ event }) => ({ deadline: event.deadline }) },
                    target: 'answering',
                    reenter: true,
                    actions: [
                      { type: 'noteAddedTime', params: ({ event }) => ({ deadline: event.deadline }) },
                      { type: 'takeDeadline', params: ({ event }) => ({ deadline: event.deadline }) },
                      'announceAddedTime',
                    ],
                  },
                  {
                    guard: { type: 'deadlineMoved', params: ({ event }) => ({ deadline: event.deadline }) },
                    target: 'answering',
                    reenter: true,
                    actions: { type: 'takeDeadline', params: ({ event }) => ({ deadline: event.deadline }) },
                  },
                ],
              },
            },
            submitting: {
              // Time-up submits without the summary; a summary left open closes.
              entry: ['clearError', 'stampSubmission', 'closeReview'],
              invoke: {
                src: 'submitAttempt',
                input: ({ context }) => ({ attempt: context.attempt }),
                onDone: {
                  target: '#examSession.submitted',
                  actions: [
                    { type: 'recordSubmission', params: ({ event }) => ({ submission: event.output }) },
                    { type: 'reportAttempt', params: { state: 'submitted_on_device' } },
                  ],
                },
                onError: [
                  { guard: 'timeUp', target: 'submitFailed', actions: showSubmitFailure },
                  { target: 'answering', actions: showSubmitFailure },
                ],
              },
            },
            // Time is up but the submission could not be stored; only a retry is left.
            submitFailed: {
              on: { SUBMIT: 'submitting', MOVED: '#examSession.moved' },
            },
          },
        },
        tabWarning: {
          initial: 'hidden',
          states: {
            hidden: {},
            shown: { after: { tabWarningDuration: 'hidden' } },
          },
          on: {
            LEFT_PAGE: {
              guard: 'onPage',
              target: '.shown',
              reenter: true,
              actions: ['leavePage', 'countTabSwitch', 'persistProgress', inProgressReport],
            },
            RETURNED: { actions: 'returnToPage' },
            BACK_NAVIGATION: {
              target: '.shown',
              reenter: true,
              actions: ['countTabSwitch', 'persistProgress', inProgressReport],
            },
          },
        },
        // "Your proctor added N minutes." for a few seconds after the deadline moved later.
        timeNotice: {
          initial: 'hidden',
          states: {
            hidden: {},
            shown: { after: { timeNoticeDuration: 'hidden' } },
          },
          on: { TIME_ADDED: { target: '.shown', reenter: true } },
        },
        // "Review before submitting": every question, answered or not, flagged or not, received by the server or
        // not. A jump to a question closes it.
        review: {
          initial: 'closed',
          states: {
            closed: { on: { REVIEW_ANSWERS: 'open' } },
            open: { on: { CLOSE_REVIEW: 'closed', GO_TO: 'closed' } },
          },
        },
        // A quiet period after the latest answer or flag, the server's copy gets them: clicks in a row make one report.
        quietReport: {
          initial: 'idle',
          states: {
            idle: {},
            waiting: { after: { reportQuietPeriod: { target: 'idle', actions: inProgressReport } } },
          },
          on: { PROGRESS_CHANGED: { target: '.waiting', reenter: true } },
        },
        // Every 30 s the proctor hears how far the student is.
        heartbeat: {
          initial: 'waiting',
          states: {
            waiting: {
              after: { reportInterval: { target: 'waiting', reenter: true, actions: inProgressReport } },
            },
          },
        },
      },
    },
    // The exam continues on another device: nothing more is reported or submitted from here, and the answers
    // stay on this device (the answer file is still offered).
    moved: {},
    submitted: { type: 'final' },
  },
  output: ({ context }) => {
    if (!context.submission) throw new Error('the exam session ended without a stored submission')
    return { attempt: context.attempt, submission: context.submission, timeUp: context.timeUp }
  },
})
