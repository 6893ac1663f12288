import { assign, fromCallback, fromPromise, sendTo, setup, type EventObject } from 'xstate'
import { attemptReportIntervalMs, type ReportedAttemptState } from '../src/domain/attempt-report'
import { allQuestionsAnswered, type ExamAttempt } from '../src/domain/exam-attempt'
import type { AnswerLetter } from '../src/domain/question'
import type { SubmissionStatus } from '../src/domain/exam-submission'
import { minimumLoginCodeLength, minimumStudentNameLength, normalizeLoginCode } from '../src/domain/login-code'
import { studentMessages, submitFailedMessage } from '../src/domain/student-messages'
import { examTimerMachine } from './exam-timer.machine'

export interface StudentDetails {
  loginCode: string
  studentName: string
}

/** The code step's answer: the server's verdict on the code (or its refusal to look), or a closed exam window. */
export type CodeLookup = 'valid' | 'used' | 'invalid' | 'rate_limited' | 'exam_closed'

/** Starting the exam: a stored attempt, or why there is none. */
export type ExamStart =
  | { outcome: 'started'; attempt: ExamAttempt }
  | {
      outcome:
        | 'invalid'
        | 'used'
        | 'rate_limited'
        | 'exam_closed'
        | 'time_over'
        | 'no_questions'
        | 'no_valid_questions'
        | 'connection_error'
    }

type ExamStartRefusal = Exclude<ExamStart, { outcome: 'started' }>['outcome']

/** Where a returning student picks up: nothing, a session without an attempt, or an attempt. */
export type ResumePoint =
  { kind: 'none' } | { kind: 'session'; session: StudentDetails } | { kind: 'attempt'; attempt: ExamAttempt }

/** Sent to the progress writer after every change; it answers PROGRESS_SAVED or PROGRESS_SAVE_FAILED. */
export type ProgressWriterEvent = { type: 'SAVE'; attempt: ExamAttempt; revision: number }

/** Sent to the submission watcher when the student asks to send a refused submission again. */
export type SubmissionWatchEvent = { type: 'RETRY' }

/**
 * Sent to the attempt reporter, which passes the attempt's progress (never its answers) on to
 * the proctor's live view; it answers CONNECTION_RESTORED when the device comes back online.
 */
export type AttemptReporterEvent = { type: 'REPORT'; attempt: ExamAttempt; state: ReportedAttemptState }

export type StudentFlowEvent =
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'SUBMIT_NAME'; name: string }
  | { type: 'BACK' }
  | { type: 'ANSWER'; questionNumber: number; letter: AnswerLetter }
  | { type: 'NEXT' }
  | { type: 'PREVIOUS' }
  | { type: 'GO_TO'; index: number }
  /** The page was hidden or the window lost focus. */
  | { type: 'LEFT_PAGE' }
  | { type: 'RETURNED' }
  | { type: 'BACK_NAVIGATION' }
  | { type: 'SUBMIT' }
  | { type: 'PROGRESS_SAVED'; revision: number }
  | { type: 'PROGRESS_SAVE_FAILED'; revision: number; message: string }
  | { type: 'SUBMISSION_UPDATED'; status: SubmissionStatus }
  | { type: 'RETRY_SUBMISSION' }
  | { type: 'TAKE_ANOTHER' }
  | { type: 'CONNECTION_RESTORED' }
  /** The server moved the attempt's deadline (device clock): extra time given during the exam. */
  | { type: 'DEADLINE_CHANGED'; deadline: number }

export interface StudentFlowInput {
  now: () => number
}

export interface StudentFlowContext extends StudentFlowInput, StudentDetails {
  /** The message the current step shows, if any. */
  error: string | null
  codeLookup: CodeLookup | null
  examStartRefusal: ExamStartRefusal | null
  attempt: ExamAttempt | null
  /** The page is hidden or unfocused: a blur and a hide for one switch count once. */
  awayFromPage: boolean
  /** Bumped by every change to the attempt; saved once the writer confirms that revision. */
  revision: number
  savedRevision: number
  saveError: string | null
  timeUp: boolean
  submission: SubmissionStatus | null
}

const notProvided = (name: string) => () => {
  throw new Error(`studentFlowMachine needs a ${name} implementation`)
}

function attemptOf(context: StudentFlowContext): ExamAttempt {
  if (!context.attempt) throw new Error('no exam attempt in this state')
  return context.attempt
}

function changeAttempt(context: StudentFlowContext, change: Partial<ExamAttempt>) {
  return { attempt: { ...attemptOf(context), ...change }, revision: context.revision + 1 }
}

const codeRefusalMessages: Record<Exclude<CodeLookup, 'valid'>, string> = {
  used: studentMessages.usedCode,
  invalid: studentMessages.invalidCode,
  rate_limited: studentMessages.rateLimited,
  exam_closed: studentMessages.examNotAvailable,
}

const examStartMessages: Record<ExamStartRefusal, string> = {
  ...codeRefusalMessages,
  time_over: studentMessages.timeOver,
  no_questions: studentMessages.noQuestions,
  no_valid_questions: studentMessages.noValidQuestions,
  connection_error: studentMessages.databaseConnection,
}

const emptyStudent = {
  loginCode: '',
  studentName: '',
  error: null,
  codeLookup: null,
  examStartRefusal: null,
  attempt: null,
  awayFromPage: false,
  revision: 0,
  savedRevision: 0,
  saveError: null,
  timeUp: false,
  submission: null,
} satisfies Omit<StudentFlowContext, 'now'>

/**
 * The student's way through the exam (spec §4, §5): code step, name step, loading, the exam
 * itself, submitting and completion. Every change to the attempt goes to the progress writer;
 * the timer's end submits; the submission is handed to the outbox and watched until the
 * server answers. The proctor hears of the attempt on start, every 30 s, at each tab switch,
 * on reconnect and when the submission is queued; a deadline the server moves (extra time)
 * restarts the timer. All I/O is injected with `provide`.
 */
export const studentFlowMachine = setup({
  types: {
    input: {} as StudentFlowInput,
    context: {} as StudentFlowContext,
    events: {} as StudentFlowEvent,
    children: {} as {
      timer: 'examTimer'
      progressWriter: 'progressWriter'
      submissionWatch: 'watchSubmission'
      attemptReporter: 'attemptReporter'
      deadlineWatch: 'watchDeadline'
    },
  },
  actors: {
    resume: fromPromise<ResumePoint>(notProvided('resume')),
    checkLoginCode: fromPromise<CodeLookup, { code: string }>(notProvided('checkLoginCode')),
    startExam: fromPromise<ExamStart, StudentDetails>(notProvided('startExam')),
    progressWriter: fromCallback<ProgressWriterEvent>(notProvided('progressWriter')),
    submitAttempt: fromPromise<SubmissionStatus, { attempt: ExamAttempt }>(notProvided('submitAttempt')),
    watchSubmission: fromCallback<SubmissionWatchEvent, { submissionId: string }>(notProvided('watchSubmission')),
    attemptReporter: fromCallback<AttemptReporterEvent>(notProvided('attemptReporter')),
    watchDeadline: fromCallback<EventObject, { attemptId: string }>(notProvided('watchDeadline')),
    examTimer: examTimerMachine,
  },
  actions: {
    persistSession: (_, _session: StudentDetails) => notProvided('persistSession')(),
    forgetSession: () => notProvided('forgetSession')(),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    acceptCode: assign(({ event }) => (event.type === 'SUBMIT_CODE' ? { loginCode: normalizeLoginCode(event.code) } : {})),
    acceptName: assign(({ event }) => (event.type === 'SUBMIT_NAME' ? { studentName: event.name.trim() } : {})),
    showCodeRefusal: assign(({ context }) => ({
      error: context.codeLookup && context.codeLookup !== 'valid' ? codeRefusalMessages[context.codeLookup] : null,
    })),
    showExamStartRefusal: assign(({ context }) => ({
      error: context.examStartRefusal ? examStartMessages[context.examStartRefusal] : null,
    })),
    restoreAttempt: assign(({ context }) => {
      const attempt = attemptOf(context)
      return { loginCode: attempt.loginCode, studentName: attempt.studentName, revision: 0, savedRevision: 0 }
    }),
    recordAnswer: assign(({ context, event }) => {
      if (event.type !== 'ANSWER') return {}
      const attempt = attemptOf(context)
      return changeAttempt(context, { answers: { ...attempt.answers, [String(event.questionNumber)]: event.letter } })
    }),
    showQuestion: assign(({ context }, params: { index: number }) => changeAttempt(context, { currentIndex: params.index })),
    leavePage: assign({ awayFromPage: true }),
    returnToPage: assign({ awayFromPage: false }),
    countTabSwitch: assign(({ context }) => changeAttempt(context, { tabSwitches: attemptOf(context).tabSwitches + 1 })),
    persistProgress: sendTo('progressWriter', ({ context }) => ({
      type: 'SAVE' as const,
      attempt: attemptOf(context),
      revision: context.revision,
    })),
    reportAttempt: sendTo('attemptReporter', ({ context }, params: { state: ReportedAttemptState }) => ({
      type: 'REPORT' as const,
      attempt: attemptOf(context),
      state: params.state,
    })),
    takeDeadline: assign(({ context, event }) =>
      event.type === 'DEADLINE_CHANGED' ? { attempt: { ...attemptOf(context), deadline: event.deadline } } : {},
    ),
    markSaved: assign(({ context, event }) =>
      event.type === 'PROGRESS_SAVED' && event.revision >= context.savedRevision
        ? { savedRevision: event.revision, saveError: null }
        : {},
    ),
    markSaveFailed: assign(({ event }) => (event.type === 'PROGRESS_SAVE_FAILED' ? { saveError: event.message } : {})),
    markTimeUp: assign({ timeUp: true }),
    // Answers cannot have changed after the deadline, so a late stamp (a device that slept
    // through it, a reload after it) is pulled back to it and stays inside the window.
    stampSubmission: assign(({ context }) => {
      const attempt = attemptOf(context)
      return { attempt: { ...attempt, submittedAt: Math.min(context.now(), attempt.deadline) } }
    }),
    recordSubmissionStatus: assign(({ event }) => (event.type === 'SUBMISSION_UPDATED' ? { submission: event.status } : {})),
    askToRetrySubmission: sendTo('submissionWatch', { type: 'RETRY' }),
    resetStudent: assign(emptyStudent),
  },
  guards: {
    codeEmpty: ({ event }) => event.type === 'SUBMIT_CODE' && event.code.trim() === '',
    codeTooShort: ({ event }) => event.type === 'SUBMIT_CODE' && event.code.trim().length < minimumLoginCodeLength,
    codeValid: ({ context }) => context.codeLookup === 'valid',
    nameEmpty: ({ event }) => event.type === 'SUBMIT_NAME' && event.name.trim() === '',
    nameTooShort: ({ event }) => event.type === 'SUBMIT_NAME' && event.name.trim().length < minimumStudentNameLength,
    examStarted: ({ context }) => context.examStartRefusal === null && context.attempt !== null,
    examStartRefusedCode: ({ context }) =>
      context.examStartRefusal === 'invalid' ||
      context.examStartRefusal === 'used' ||
      context.examStartRefusal === 'rate_limited' ||
      context.examStartRefusal === 'exam_closed' ||
      context.examStartRefusal === 'time_over',
    attemptInProgress: ({ context }) => context.attempt?.status === 'in_progress',
    attemptSubmitted: ({ context }) => context.attempt?.status === 'submitted',
    hasSession: ({ context }) => context.loginCode !== '',
    someUnanswered: ({ context }) => !allQuestionsAnswered(attemptOf(context)),
    hasNextQuestion: ({ context }) => {
      const attempt = attemptOf(context)
      return attempt.currentIndex < attempt.questions.length - 1
    },
    hasPreviousQuestion: ({ context }) => attemptOf(context).currentIndex > 0,
    isOtherQuestion: ({ context, event }) => {
      const attempt = attemptOf(context)
      return (
        event.type === 'GO_TO' &&
        Number.isInteger(event.index) &&
        event.index >= 0 &&
        event.index < attempt.questions.length &&
        event.index !== attempt.currentIndex
      )
    },
    timeUp: ({ context }) => context.timeUp,
    deadlineMoved: ({ context, event }) => event.type === 'DEADLINE_CHANGED' && event.deadline !== attemptOf(context).deadline,
    onPage: ({ context }) => !context.awayFromPage,
    submissionAccepted: ({ event }) => event.type === 'SUBMISSION_UPDATED' && event.status.state === 'accepted',
    // A refusal is final, and after one failed send the student should not wait on a spinner.
    submissionRefusedOrDelayed: ({ event }) =>
      event.type === 'SUBMISSION_UPDATED' &&
      (event.status.state === 'rejected' || (event.status.state === 'pending' && event.status.sendCount > 0)),
  },
  delays: {
    codeLookupTimeout: 10_000,
    tabWarningDuration: 5_000,
    postSubmitDelay: 1_000,
    // A send that neither succeeds nor fails this long is left to the outbox.
    receiptWait: 10_000,
    reportInterval: attemptReportIntervalMs,
  },
}).createMachine({
  id: 'studentFlow',
  context: ({ input }) => ({ ...emptyStudent, now: input.now }),
  // For the whole visit: the last report (the submission queued) is made as the exam is left.
  invoke: { id: 'attemptReporter', src: 'attemptReporter' },
  initial: 'resuming',
  states: {
    resuming: {
      invoke: {
        src: 'resume',
        onDone: {
          target: 'resumed',
          actions: assign(({ event }) => {
            const point = event.output
            if (point.kind === 'attempt') return { attempt: point.attempt }
            if (point.kind === 'session') return { ...point.session }
            return {}
          }),
        },
        onError: 'codeStep',
      },
    },
    resumed: {
      always: [
        { guard: 'attemptInProgress', target: 'exam', actions: 'restoreAttempt' },
        { guard: 'attemptSubmitted', target: 'completed', actions: 'restoreAttempt' },
        { guard: 'hasSession', target: 'loadingExam' },
        { target: 'codeStep' },
      ],
    },
    codeStep: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_CODE: [
              { guard: 'codeEmpty', actions: { type: 'showError', params: { message: studentMessages.emptyCode } } },
              { guard: 'codeTooShort', actions: { type: 'showError', params: { message: studentMessages.shortCode } } },
              { target: 'checking', actions: ['clearError', 'acceptCode'] },
            ],
          },
        },
        checking: {
          invoke: {
            src: 'checkLoginCode',
            input: ({ context }) => ({ code: context.loginCode }),
            onDone: { target: 'checked', actions: assign({ codeLookup: ({ event }) => event.output }) },
            onError: { target: 'editing', actions: { type: 'showError', params: { message: studentMessages.codeCheckFailed } } },
          },
          after: {
            codeLookupTimeout: {
              target: 'editing',
              actions: { type: 'showError', params: { message: studentMessages.connectionTimeout } },
            },
          },
        },
        checked: {
          always: [
            { guard: 'codeValid', target: '#studentFlow.nameStep' },
            { target: 'editing', actions: 'showCodeRefusal' },
          ],
        },
      },
    },
    nameStep: {
      on: {
        SUBMIT_NAME: [
          { guard: 'nameEmpty', actions: { type: 'showError', params: { message: studentMessages.emptyName } } },
          { guard: 'nameTooShort', actions: { type: 'showError', params: { message: studentMessages.shortName } } },
          {
            target: 'loadingExam',
            actions: [
              'clearError',
              'acceptName',
              {
                type: 'persistSession',
                params: ({ context }) => ({ loginCode: context.loginCode, studentName: context.studentName }),
              },
            ],
          },
        ],
        BACK: { target: 'codeStep', actions: 'clearError' },
      },
    },
    loadingExam: {
      entry: assign({ examStartRefusal: null }),
      invoke: {
        src: 'startExam',
        input: ({ context }) => ({ loginCode: context.loginCode, studentName: context.studentName }),
        onDone: {
          target: 'examStartDecided',
          actions: assign(({ event }) =>
            event.output.outcome === 'started' ? { attempt: event.output.attempt } : { examStartRefusal: event.output.outcome },
          ),
        },
        onError: { target: 'unavailable', actions: { type: 'showError', params: { message: studentMessages.questionsFailed } } },
      },
    },
    examStartDecided: {
      always: [
        { guard: 'examStarted', target: 'exam' },
        { guard: 'examStartRefusedCode', target: 'codeStep', actions: ['forgetSession', 'showExamStartRefusal'] },
        { target: 'unavailable', actions: 'showExamStartRefusal' },
      ],
    },
    unavailable: {},
    exam: {
      type: 'parallel',
      entry: { type: 'reportAttempt', params: { state: 'in_progress' } },
      invoke: [
        { id: 'progressWriter', src: 'progressWriter' },
        { id: 'deadlineWatch', src: 'watchDeadline', input: ({ context }) => ({ attemptId: attemptOf(context).id }) },
      ],
      on: {
        PROGRESS_SAVED: { actions: 'markSaved' },
        PROGRESS_SAVE_FAILED: { actions: 'markSaveFailed' },
        CONNECTION_RESTORED: { actions: { type: 'reportAttempt', params: { state: 'in_progress' } } },
      },
      states: {
        phase: {
          initial: 'answering',
          states: {
            answering: {
              invoke: {
                id: 'timer',
                src: 'examTimer',
                input: ({ context }) => ({ deadline: attemptOf(context).deadline, now: context.now }),
                onDone: { target: 'submitting', actions: 'markTimeUp' },
              },
              on: {
                ANSWER: { actions: ['recordAnswer', 'persistProgress'] },
                NEXT: {
                  guard: 'hasNextQuestion',
                  actions: [
                    { type: 'showQuestion', params: ({ context }) => ({ index: attemptOf(context).currentIndex + 1 }) },
                    'persistProgress',
                  ],
                },
                PREVIOUS: {
                  guard: 'hasPreviousQuestion',
                  actions: [
                    { type: 'showQuestion', params: ({ context }) => ({ index: attemptOf(context).currentIndex - 1 }) },
                    'persistProgress',
                  ],
                },
                GO_TO: {
                  guard: 'isOtherQuestion',
                  actions: [{ type: 'showQuestion', params: ({ event }) => ({ index: event.index }) }, 'persistProgress'],
                },
                SUBMIT: [
                  {
                    guard: 'someUnanswered',
                    actions: { type: 'showError', params: { message: studentMessages.unansweredQuestions } },
                  },
                  { target: 'submitting' },
                ],
                // Entered again, so the timer counts to the new deadline.
                DEADLINE_CHANGED: { guard: 'deadlineMoved', target: 'answering', reenter: true, actions: 'takeDeadline' },
              },
            },
            submitting: {
              entry: ['clearError', 'stampSubmission'],
              invoke: {
                src: 'submitAttempt',
                input: ({ context }) => ({ attempt: attemptOf(context) }),
                onDone: {
                  target: '#studentFlow.sending',
                  actions: [
                    assign({ submission: ({ event }) => event.output }),
                    { type: 'reportAttempt', params: { state: 'submitted_on_device' } },
                  ],
                },
                onError: [
                  {
                    guard: 'timeUp',
                    target: 'submitFailed',
                    actions: assign({ error: ({ event }) => submitFailedMessage(reasonOf(event.error)) }),
                  },
                  { target: 'answering', actions: assign({ error: ({ event }) => submitFailedMessage(reasonOf(event.error)) }) },
                ],
              },
            },
            // Time is up but the submission could not be stored; only a retry is left.
            submitFailed: {
              on: { SUBMIT: 'submitting' },
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
              actions: [
                'leavePage',
                'countTabSwitch',
                'persistProgress',
                { type: 'reportAttempt', params: { state: 'in_progress' } },
              ],
            },
            RETURNED: { actions: 'returnToPage' },
            BACK_NAVIGATION: {
              target: '.shown',
              reenter: true,
              actions: ['countTabSwitch', 'persistProgress', { type: 'reportAttempt', params: { state: 'in_progress' } }],
            },
          },
        },
        // Every 30 s the proctor hears how far the student is.
        heartbeat: {
          initial: 'waiting',
          states: {
            waiting: {
              after: {
                reportInterval: {
                  target: 'waiting',
                  reenter: true,
                  actions: { type: 'reportAttempt', params: { state: 'in_progress' } },
                },
              },
            },
          },
        },
      },
    },
    sending: {
      invoke: {
        id: 'submissionWatch',
        src: 'watchSubmission',
        input: ({ context }) => ({ submissionId: attemptOf(context).id }),
      },
      on: {
        SUBMISSION_UPDATED: [
          { guard: 'submissionAccepted', target: 'confirming', actions: 'recordSubmissionStatus' },
          { guard: 'submissionRefusedOrDelayed', target: 'completed', actions: 'recordSubmissionStatus' },
          { actions: 'recordSubmissionStatus' },
        ],
      },
      after: { receiptWait: 'completed' },
    },
    // Spec §4: a moment between a successful submit and the completion screen.
    confirming: {
      after: { postSubmitDelay: 'completed' },
    },
    completed: {
      invoke: {
        id: 'submissionWatch',
        src: 'watchSubmission',
        input: ({ context }) => ({ submissionId: attemptOf(context).id }),
      },
      on: {
        SUBMISSION_UPDATED: { actions: 'recordSubmissionStatus' },
        RETRY_SUBMISSION: { actions: 'askToRetrySubmission' },
        TAKE_ANOTHER: { target: 'codeStep', actions: ['forgetSession', 'resetStudent'] },
      },
    },
  },
})

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}
