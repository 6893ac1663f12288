import { assign, fromCallback, fromPromise, sendTo, setup } from 'xstate'
import type { CodeExam } from '../src/domain/active-schedule'
import type { ExamAttempt } from '../src/domain/exam-attempt'
import type { SubmissionStatus } from '../src/domain/exam-submission'
import { loginCodeKey, minimumLoginCodeLength, minimumStudentNameLength } from '../src/domain/login-code'
import { studentMessages } from '../src/domain/student-messages'
import type { ResumedFrom } from '../src/domain/server-copy'
import type {
  ExamQuestionsRefusal,
  inProgressElsewhere,
  LoginCodeRefusal,
  ResumeAttemptRefusal,
} from '../src/domain/student-refusals'
import { examSessionMachine, type ExamSessionOutput } from './exam-session.machine'
import { notProvided } from './not-provided'

export interface StudentDetails {
  loginCode: string
  studentName: string
}

/**
 * The code step's answer: the server's verdict on the code (or its refusal to look), or a closed exam
 * window; and the code's exam when the server named it (a code that exists and is not used).
 */
export interface CodeLookup {
  outcome: 'valid' | typeof inProgressElsewhere | LoginCodeRefusal
  /** The code as the server stores it, for a code that exists: what the attempt is then known by. Null or absent when not said. */
  loginCode?: string | null
  exam: CodeExam | null
}

/**
 * Why an exam could not start: the server's refusal (the code's verdict, the time or the questions), the
 * code's exam in progress on another device (the PIN step follows), or no connection.
 */
type ExamStartRefusal = ExamQuestionsRefusal | typeof inProgressElsewhere | 'connection_error'

/** Starting the exam: a stored attempt, or why there is none. */
export type ExamStart = { outcome: 'started'; attempt: ExamAttempt } | { outcome: ExamStartRefusal }

/** Resuming on this device an exam in progress elsewhere: the attempt stored with the server's copy, or why not. */
export type AttemptResume =
  { outcome: 'resumed'; attempt: ExamAttempt; resumedFrom: ResumedFrom } | { outcome: ResumeAttemptRefusal | 'connection_error' }

type ResumeRefusal = Exclude<AttemptResume['outcome'], 'resumed'>

/** The refusals that are about the code: the student is sent back to the code step. */
const codeRefusals = new Set<ExamStartRefusal>(['invalid', 'used', 'rate_limited', 'exam_closed', 'time_over'])

/** Where a returning student picks up: nothing, a session without an attempt, or an attempt. */
export type ResumePoint =
  { kind: 'none' } | { kind: 'session'; session: StudentDetails } | { kind: 'attempt'; attempt: ExamAttempt }

/** Sent to the submission watcher when the student asks to send a refused submission again. */
export type SubmissionWatchEvent = { type: 'RETRY' }

/** The flow's own events; during the exam the screens talk to the exam session (`ExamSessionEvent`). */
export type StudentFlowEvent =
  | { type: 'SUBMIT_CODE'; code: string }
  | { type: 'SUBMIT_NAME'; name: string }
  | { type: 'SUBMIT_PIN'; pin: string }
  | { type: 'BACK' }
  | { type: 'SUBMISSION_UPDATED'; status: SubmissionStatus }
  | { type: 'RETRY_SUBMISSION' }
  | { type: 'TAKE_ANOTHER' }
  | { type: 'RETRY_EXAM_START' }
  | { type: 'USE_DIFFERENT_CODE' }

export interface StudentFlowInput {
  /** The device clock, handed on to the exam session: the one place any machine reads the time. */
  now: () => number
}

export interface StudentFlowContext extends StudentFlowInput, StudentDetails {
  /** The message the current step shows, if any. */
  error: string | null
  codeLookup: CodeLookup | null
  examStartRefusal: ExamStartRefusal | null
  /** The PIN step's latest answer from the server. */
  resumeRefusal: ResumeRefusal | null
  /** What an attempt resumed after a move started with, for the exam's notice; null otherwise. */
  resumedFrom: ResumedFrom | null
  /** The attempt as started or resumed; after the exam, as the session stored it. */
  attempt: ExamAttempt | null
  timeUp: boolean
  submission: SubmissionStatus | null
}

function attemptOf(context: StudentFlowContext): ExamAttempt {
  if (!context.attempt) throw new Error('no exam attempt in this state')
  return context.attempt
}

const codeRefusalMessages: Record<LoginCodeRefusal, string> = {
  used: studentMessages.usedCode,
  invalid: studentMessages.invalidCode,
  rate_limited: studentMessages.rateLimited,
  exam_closed: studentMessages.examNotAvailable,
}

const examStartMessages: Record<Exclude<ExamStartRefusal, typeof inProgressElsewhere>, string> = {
  ...codeRefusalMessages,
  time_over: studentMessages.timeOver,
  no_questions: studentMessages.noQuestions,
  no_valid_questions: studentMessages.noValidQuestions,
  connection_error: studentMessages.databaseConnection,
}

const resumeMessages: Record<ResumeRefusal, string> = {
  wrong_pin: studentMessages.wrongResumePin,
  invalid: studentMessages.invalidCode,
  used: studentMessages.usedCode,
  time_over: studentMessages.timeOver,
  not_in_progress: studentMessages.notInProgressElsewhere,
  rate_limited: studentMessages.rateLimited,
  connection_error: studentMessages.databaseConnection,
}

/** The PIN step's refusals that are about the code, not the PIN: the student is sent back to the code step. */
const resumeCodeRefusals = new Set<ResumeRefusal>(['invalid', 'used', 'time_over', 'not_in_progress'])

const emptyStudent = {
  loginCode: '',
  studentName: '',
  error: null,
  codeLookup: null,
  examStartRefusal: null,
  resumeRefusal: null,
  resumedFrom: null,
  attempt: null,
  timeUp: false,
  submission: null,
} satisfies Omit<StudentFlowContext, 'now'>

const showMessage = (message: string) => ({ type: 'showError', params: { message } }) as const
const enteredCode = { params: ({ event }: { event: { code: string } }) => ({ code: event.code }) }
const enteredName = { params: ({ event }: { event: { name: string } }) => ({ name: event.name }) }
const enteredPin = { params: ({ event }: { event: { pin: string } }) => ({ pin: event.pin }) }
const recordStatus = {
  type: 'recordSubmissionStatus',
  params: ({ event }: { event: { status: SubmissionStatus } }) => ({ status: event.status }),
} as const
const updatedStatus = { params: recordStatus.params }
// Sending and completed each watch the stored submission until the server has answered.
const watchStoredSubmission = {
  id: 'submissionWatch',
  src: 'watchSubmission',
  input: ({ context }: { context: StudentFlowContext }) => ({ submissionId: attemptOf(context).id }),
} as const

/**
 * The student's way through the exam (docs/product.md#taking-the-exam): code step, name step, loading, the exam
 * (its own machine, `examSessionMachine`, invoked with the attempt), sending and completion.
 * The session's stored submission is watched until the server answers. All I/O is injected
 * with `provide`; the exam session's own I/O is provided on it.
 */
export const studentFlowMachine = setup({
  types: {
    input: {} as StudentFlowInput,
    context: {} as StudentFlowContext,
    events: {} as StudentFlowEvent,
    children: {} as { examSession: 'examSession'; submissionWatch: 'watchSubmission' },
  },
  actors: {
    resume: fromPromise<ResumePoint>(notProvided('studentFlow', 'resume')),
    checkLoginCode: fromPromise<CodeLookup, { code: string }>(notProvided('studentFlow', 'checkLoginCode')),
    startExam: fromPromise<ExamStart, StudentDetails>(notProvided('studentFlow', 'startExam')),
    resumeAttempt: fromPromise<AttemptResume, { loginCode: string; pin: string }>(notProvided('studentFlow', 'resumeAttempt')),
    watchSubmission: fromCallback<SubmissionWatchEvent, { submissionId: string }>(notProvided('studentFlow', 'watchSubmission')),
    examSession: examSessionMachine,
  },
  actions: {
    persistSession: (_, _session: StudentDetails) => notProvided('studentFlow', 'persistSession')(),
    forgetSession: () => notProvided('studentFlow', 'forgetSession')(),
    showError: assign((_, params: { message: string }) => ({ error: params.message })),
    clearError: assign({ error: null }),
    takeResumePoint: assign((_, point: ResumePoint) => {
      if (point.kind === 'attempt') return { attempt: point.attempt }
      if (point.kind === 'session') return { ...point.session }
      return {}
    }),
    // The typed code's key (O as 0, I and L as 1) is what the server is asked; the code it stores replaces it.
    acceptCode: assign((_, params: { code: string }) => ({ loginCode: loginCodeKey(params.code) })),
    recordCodeLookup: assign(({ context }, params: { lookup: CodeLookup }) => ({
      codeLookup: params.lookup,
      loginCode: params.lookup.loginCode ?? context.loginCode,
    })),
    acceptName: assign((_, params: { name: string }) => ({ studentName: params.name.trim() })),
    showCodeRefusal: assign(({ context }) => {
      const outcome = context.codeLookup?.outcome
      const refused = outcome !== undefined && outcome !== 'valid' && outcome !== 'in_progress_elsewhere'
      return { error: refused ? codeRefusalMessages[outcome] : null }
    }),
    forgetExamStartRefusal: assign({ examStartRefusal: null }),
    recordExamStart: assign((_, start: ExamStart) =>
      start.outcome === 'started' ? { attempt: start.attempt } : { examStartRefusal: start.outcome },
    ),
    showExamStartRefusal: assign(({ context }) => ({
      error:
        context.examStartRefusal && context.examStartRefusal !== 'in_progress_elsewhere'
          ? examStartMessages[context.examStartRefusal]
          : null,
    })),
    recordResume: assign((_, resume: AttemptResume) =>
      resume.outcome === 'resumed'
        ? {
            attempt: resume.attempt,
            resumedFrom: resume.resumedFrom,
            studentName: resume.attempt.studentName,
            resumeRefusal: null,
          }
        : { resumeRefusal: resume.outcome },
    ),
    showResumeRefusal: assign(({ context }) => ({
      error: context.resumeRefusal ? resumeMessages[context.resumeRefusal] : null,
    })),
    restoreStudent: assign(({ context }) => {
      const attempt = attemptOf(context)
      return { loginCode: attempt.loginCode, studentName: attempt.studentName }
    }),
    takeExamOutcome: assign((_, outcome: ExamSessionOutput) => ({ ...outcome })),
    recordSubmissionStatus: assign((_, params: { status: SubmissionStatus }) => ({ submission: params.status })),
    askToRetrySubmission: sendTo('submissionWatch', { type: 'RETRY' }),
    resetStudent: assign(emptyStudent),
  },
  guards: {
    codeEmpty: (_, params: { code: string }) => params.code.trim() === '',
    codeTooShort: (_, params: { code: string }) => params.code.trim().length < minimumLoginCodeLength,
    codeValid: ({ context }) => context.codeLookup?.outcome === 'valid',
    codeInProgressElsewhere: ({ context }) => context.codeLookup?.outcome === 'in_progress_elsewhere',
    examInProgressElsewhere: ({ context }) => context.examStartRefusal === 'in_progress_elsewhere',
    pinEmpty: (_, params: { pin: string }) => params.pin.trim() === '',
    resumed: ({ context }) => context.resumeRefusal === null && context.attempt !== null,
    resumeRefusedCode: ({ context }) => context.resumeRefusal !== null && resumeCodeRefusals.has(context.resumeRefusal),
    nameEmpty: (_, params: { name: string }) => params.name.trim() === '',
    nameTooShort: (_, params: { name: string }) => params.name.trim().length < minimumStudentNameLength,
    examStarted: ({ context }) => context.examStartRefusal === null && context.attempt !== null,
    examStartRefusedCode: ({ context }) => context.examStartRefusal !== null && codeRefusals.has(context.examStartRefusal),
    attemptInProgress: ({ context }) => context.attempt?.status === 'in_progress',
    attemptSubmitted: ({ context }) => context.attempt?.status === 'submitted',
    hasSession: ({ context }) => context.loginCode !== '',
    submissionAccepted: (_, params: { status: SubmissionStatus }) => params.status.state === 'accepted',
    // A refusal is final, and after one failed send the student should not wait on a spinner.
    submissionRefusedOrDelayed: (_, params: { status: SubmissionStatus }) =>
      params.status.state === 'rejected' || (params.status.state === 'pending' && params.status.sendCount > 0),
  },
  delays: {
    codeLookupTimeout: 10_000,
    postSubmitDelay: 1_000,
    // A send that neither succeeds nor fails this long is left to the outbox.
    receiptWait: 10_000,
  },
}).createMachine({
  id: 'studentFlow',
  context: ({ input }) => ({ ...emptyStudent, now: input.now }),
  initial: 'resuming',
  states: {
    resuming: {
      invoke: {
        src: 'resume',
        onDone: { target: 'resumed', actions: { type: 'takeResumePoint', params: ({ event }) => event.output } },
        onError: 'codeStep',
      },
    },
    resumed: {
      always: [
        { guard: 'attemptInProgress', target: 'exam', actions: 'restoreStudent' },
        { guard: 'attemptSubmitted', target: 'completed', actions: 'restoreStudent' },
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
              { guard: { type: 'codeEmpty', ...enteredCode }, actions: showMessage(studentMessages.emptyCode) },
              { guard: { type: 'codeTooShort', ...enteredCode }, actions: showMessage(studentMessages.shortCode) },
              { target: 'checking', actions: ['clearError', { type: 'acceptCode', ...enteredCode }] },
            ],
          },
        },
        checking: {
          invoke: {
            src: 'checkLoginCode',
            input: ({ context }) => ({ code: context.loginCode }),
            onDone: {
              target: 'checked',
              actions: { type: 'recordCodeLookup', params: ({ event }) => ({ lookup: event.output }) },
            },
            onError: { target: 'editing', actions: showMessage(studentMessages.codeCheckFailed) },
          },
          after: { codeLookupTimeout: { target: 'editing', actions: showMessage(studentMessages.connectionTimeout) } },
        },
        checked: {
          always: [
            { guard: 'codeValid', target: '#studentFlow.nameStep' },
            { guard: 'codeInProgressElsewhere', target: '#studentFlow.pinStep' },
            { target: 'editing', actions: 'showCodeRefusal' },
          ],
        },
      },
    },
    nameStep: {
      on: {
        SUBMIT_NAME: [
          { guard: { type: 'nameEmpty', ...enteredName }, actions: showMessage(studentMessages.emptyName) },
          { guard: { type: 'nameTooShort', ...enteredName }, actions: showMessage(studentMessages.shortName) },
          {
            target: 'loadingExam',
            actions: [
              'clearError',
              { type: 'acceptName', ...enteredName },
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
      entry: 'forgetExamStartRefusal',
      invoke: {
        src: 'startExam',
        input: ({ context }) => ({ loginCode: context.loginCode, studentName: context.studentName }),
        onDone: { target: 'examStartDecided', actions: { type: 'recordExamStart', params: ({ event }) => event.output } },
        onError: { target: 'unavailable', actions: showMessage(studentMessages.questionsFailed) },
      },
    },
    examStartDecided: {
      always: [
        { guard: 'examStarted', target: 'exam' },
        // Another device has the exam: the proctor's PIN moves it here (the kept session brings a reload back to this step).
        { guard: 'examInProgressElsewhere', target: 'pinStep' },
        { guard: 'examStartRefusedCode', target: 'codeStep', actions: ['forgetSession', 'showExamStartRefusal'] },
        { target: 'unavailable', actions: 'showExamStartRefusal' },
      ],
    },
    // The code's exam is in progress on another device: with the proctor's resume PIN it continues here,
    // with the server's copy of the answers and flags and the same deadline (docs/product.md#resume-on-another-device).
    pinStep: {
      initial: 'editing',
      states: {
        editing: {
          on: {
            SUBMIT_PIN: [
              { guard: { type: 'pinEmpty', ...enteredPin }, actions: showMessage(studentMessages.emptyResumePin) },
              { target: 'checking', actions: 'clearError' },
            ],
            BACK: { target: '#studentFlow.codeStep', actions: ['clearError', 'forgetSession'] },
          },
        },
        checking: {
          invoke: {
            src: 'resumeAttempt',
            input: ({ context, event }) => ({
              loginCode: context.loginCode,
              pin: event.type === 'SUBMIT_PIN' ? event.pin : '',
            }),
            onDone: { target: 'decided', actions: { type: 'recordResume', params: ({ event }) => event.output } },
            onError: { target: 'editing', actions: showMessage(studentMessages.questionsFailed) },
          },
        },
        decided: {
          always: [
            {
              guard: 'resumed',
              target: '#studentFlow.exam',
              actions: {
                type: 'persistSession',
                params: ({ context }) => ({ loginCode: context.loginCode, studentName: context.studentName }),
              },
            },
            { guard: 'resumeRefusedCode', target: '#studentFlow.codeStep', actions: ['forgetSession', 'showResumeRefusal'] },
            { target: 'editing', actions: 'showResumeRefusal' },
          ],
        },
      },
    },
    // The session stays stored for Try Again, so the screen must also let the next student at
    // this computer leave it: every later visit would otherwise resume straight back here.
    unavailable: {
      on: {
        RETRY_EXAM_START: { target: 'loadingExam', actions: 'clearError' },
        USE_DIFFERENT_CODE: { target: 'codeStep', actions: ['forgetSession', 'resetStudent'] },
      },
    },
    exam: {
      invoke: {
        id: 'examSession',
        src: 'examSession',
        input: ({ context }) => ({ attempt: attemptOf(context), now: context.now }),
        onDone: { target: 'sending', actions: { type: 'takeExamOutcome', params: ({ event }) => event.output } },
      },
    },
    sending: {
      invoke: watchStoredSubmission,
      on: {
        SUBMISSION_UPDATED: [
          { guard: { type: 'submissionAccepted', ...updatedStatus }, target: 'confirming', actions: recordStatus },
          { guard: { type: 'submissionRefusedOrDelayed', ...updatedStatus }, target: 'completed', actions: recordStatus },
          { actions: recordStatus },
        ],
      },
      after: { receiptWait: 'completed' },
    },
    // docs/product.md#taking-the-exam: a second between a successful submit and the completion screen.
    confirming: { after: { postSubmitDelay: 'completed' } },
    completed: {
      invoke: watchStoredSubmission,
      on: {
        SUBMISSION_UPDATED: { actions: recordStatus },
        RETRY_SUBMISSION: { actions: 'askToRetrySubmission' },
        TAKE_ANOTHER: { target: 'codeStep', actions: ['forgetSession', 'resetStudent'] },
      },
    },
  },
})
