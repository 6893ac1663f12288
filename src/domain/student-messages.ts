import { formatMinutes } from './extra-time'
import type { ScheduleWindowStatus } from './schedule-status'
import type { SendFailure, SubmissionRejection } from './exam-submission'

/** What students read (docs/product.md#taking-the-exam), word for word. */
export const studentMessages = {
  examNotAvailable: 'Exam is not currently available. Please check the schedule.',
  emptyCode: 'Please enter a login code',
  shortCode: 'Please enter a valid login code',
  invalidCode: 'Invalid login code. Please check and try again.',
  usedCode: 'This login code has already been used.',
  connectionTimeout: 'Connection timeout. Please check your internet connection and try again.',
  codeCheckFailed: 'Error validating code. Please check your connection and try again.',
  databaseConnection: 'Database connection error. Please check your internet connection and try again.',
  emptyName: 'Please enter your full name',
  shortName: 'Please enter a valid full name',
  noQuestions: 'No questions available. Please contact your administrator.',
  noValidQuestions: 'No valid multiple choice questions available. Please contact your administrator.',
  questionsFailed: 'Failed to load questions. Please refresh and try again.',
  unansweredQuestions: 'Please answer all questions before submitting.',
  examPeriodEnded: 'Exam period has ended. Cannot submit test.',
  codeUsedOrInvalid: 'This login code has already been used or is invalid.',
  codeUsedForSubmission: 'This login code has already been used for submission.',
  submitFailedOffline: 'Failed to submit test. Please check your connection and try again.',
  databaseAccess: 'Database access error. Please refresh the page and try again, or contact administrator.',
  /** The server's limit on wrong codes from one browser, or from one network (migrations 20261121000500, 20261127000500). */
  rateLimited: 'Too many wrong login codes from this browser or network. Please wait a few minutes and try again.',
  /** The exam of this code was started before and its time is over (docs/product.md#exam-window-and-time). */
  timeOver:
    'The time for the exam with this login code is over. If your answers are waiting on another device, connect that device to send them.',
  /** The server has no recorded start for the code, so it refuses the submission for good (issue 23). */
  notStarted:
    'The server has no record of this login code starting the exam, so it cannot accept this submission. Please contact your exam administrator.',
  timeUp: 'Time is up! Submitting your test automatically...',
  /** The code's exam has a live attempt on another device (issue 26); the PIN step follows. */
  inProgressElsewhere: 'This exam is in progress on another device.',
  askForResumePin: 'Ask your proctor for a resume PIN.',
  emptyResumePin: 'Please enter the resume PIN your proctor gave you.',
  wrongResumePin: 'That resume PIN is not valid. Ask your proctor for a new one.',
  /** A resume found no attempt in progress to move here (it was submitted, or its time ran out meanwhile). */
  notInProgressElsewhere: 'This exam is no longer in progress on another device. Please enter your login code again.',
  /** The old device, once the server said the attempt moved (issue 26). */
  movedElsewhere: 'This exam continues on another device.',
  cameraDenied: 'Camera access denied',
  cameraCannotPlay: 'Cannot play video',
  /** Under "Exam ended on …", since a code with extra minutes may still start (issue 16). */
  extraTimeStillOpen: 'A login code with extra time can still be started until its extra time runs out.',
  /** The code's exam has no active sitting, so no window (several exams, issue 25). */
  noExamWindow: 'This exam has no set time: it can be started now.',
  /** Above each exam's sitting on the login screen when several exams are on (issue 25). */
  severalExams: 'Several exams are on. Enter your login code to see the time of yours.',
  /** In "Review before submitting", the one confirmation: what submitting does (issue 27). */
  afterSubmit:
    'After you submit, your answers cannot be changed. They are sent to the server; if the connection is down they stay on this device and are sent by themselves.',
} as const

/** Told at the start of an exam the window's end cuts short (issue 27): "This exam closes at 11:42: you have 11 minutes 59 seconds". */
export function closesEarlyMessage(closesAt: string, timeLeft: string): string {
  return `This exam closes at ${closesAt}: you have ${timeLeft}`
}

/** The exam bar's progress: "18 of 50 answered". */
export function answeredProgress(answered: number, total: number): string {
  return `${answered} of ${total} answered`
}

/** Shown on the exam screen when the proctor gave the room (or this student) more time. */
export function timeAddedMessage(minutes: number): string {
  return `Your proctor added ${formatMinutes(minutes)}.`
}

export function submitFailedMessage(reason: string): string {
  return `Failed to submit test: ${reason}. Please try again.`
}

/** Why the latest send of a submission still on the device failed; the outbox sends it again by itself. */
export function sendFailureMessage(failure: SendFailure): string {
  return failure.kind === 'network' ? studentMessages.submitFailedOffline : submitFailedMessage(failure.reason)
}

export function submissionRejectionMessage(rejection: SubmissionRejection): string {
  switch (rejection.reason) {
    case 'code_used':
      return studentMessages.codeUsedForSubmission
    case 'invalid_code':
      return studentMessages.codeUsedOrInvalid
    case 'exam_over':
      return studentMessages.examPeriodEnded
    case 'not_started':
      return studentMessages.notStarted
    case 'access_denied':
      return studentMessages.databaseAccess
    case 'failed':
      return submitFailedMessage(rejection.detail)
  }
}

/** Writes a schedule time (ISO) in the interface's language: lib/browser/interface-locale.ts's `formatExamTime` in the app. */
export type ExamTimeFormat = (iso: string) => string

/** The schedule status line of the login screen. */
export function scheduleStatusMessage(
  status: ScheduleWindowStatus,
  window: { start_time: string; end_time: string },
  formatExamTime: ExamTimeFormat,
): string {
  switch (status) {
    case 'upcoming':
      return `Exam will start on ${formatExamTime(window.start_time)}`
    case 'active':
      return `Exam is active until ${formatExamTime(window.end_time)}`
    case 'ended':
      return `Exam ended on ${formatExamTime(window.end_time)}`
  }
}
