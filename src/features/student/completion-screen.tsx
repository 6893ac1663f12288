import { useEffect, useLayoutEffect, useRef, type ReactNode } from 'react'
import { Link } from 'react-router-dom'
import { answerReceiptExplanation } from '../../domain/answers-fingerprint'
import type { SubmissionRejection, SubmissionStatus } from '../../domain/exam-submission'
import { scorePercentage } from '../../domain/score'
import { sendFailureMessage, submissionRejectionMessage } from '../../domain/student-messages'
import { AnswerFileOffer } from './answer-file-offer'
import { StudentFlow } from './student-flow-context'
import './completion.css'

/** The completion screen's words (docs/product.md#offline-answers-and-answer-files), word for word. */
export const completionTexts = {
  acceptedHeading: 'Test Completed!',
  acceptedStatus: 'Received by the server',
  accepted: 'Your answers have been received.',
  pendingHeading: 'Saved on this device, not sent yet',
  pendingStatus: 'Keep this page open: your answers are sent by themselves when the connection returns.',
  rejectedHeading: 'Submission Not Accepted',
  retryAdvice:
    'Your answers are kept on this device. Try again; if it is still not accepted, give your answer file to your proctor.',
  finalAdvice: 'Your answers are kept on this device. Show this screen to your proctor and give them your answer file.',
  /** The moment between reaching this screen and the device's outbox answering (a reload loads it first). */
  checkingHeading: 'Checking your submission…',
} as const

export function notAcceptedMessage(rejection: SubmissionRejection): string {
  return `Not accepted: ${submissionRejectionMessage(rejection)}`
}

/**
 * A refusal that sending again can turn into a receipt: the server's error (`failed`) or a database access error,
 * which a passing fault causes as well as a rule. The others are the server's final word on the code.
 */
export function isRetryable(rejection: SubmissionRejection): boolean {
  return rejection.reason === 'failed' || rejection.reason === 'access_denied'
}

/**
 * After the exam: one state at a time (docs/product.md#offline-answers-and-answer-files): the server has the answers,
 * or this device still holds them and sends them by itself, or the server refused them. The page opens at its top,
 * and the heading takes the focus whenever the state changes, since the button that had it may be gone.
 */
export function CompletionScreen() {
  const submission = StudentFlow.useSelector((snapshot) => snapshot.context.submission)
  const state = submission?.state ?? 'checking'
  const heading = useRef<HTMLHeadingElement>(null)

  // The exam screen may have been scrolled to its last question's Submit: this screen starts at its top.
  useLayoutEffect(() => window.scrollTo(0, 0), [])
  useEffect(() => heading.current?.focus({ preventScroll: true }), [state])

  return (
    <div className="student-page student-card completion" data-state={state}>
      <h1 ref={heading} tabIndex={-1}>
        {submission ? headingOf(submission) : completionTexts.checkingHeading}
      </h1>
      {submission ? <SubmissionOutcome submission={submission} /> : <StayOrLeave />}
    </div>
  )
}

function headingOf(submission: SubmissionStatus): string {
  switch (submission.state) {
    case 'accepted':
      return completionTexts.acceptedHeading
    case 'pending':
      return completionTexts.pendingHeading
    case 'rejected':
      return completionTexts.rejectedHeading
  }
}

function SubmissionOutcome({ submission }: { submission: SubmissionStatus }) {
  const flow = StudentFlow.useActorRef()
  const attempt = StudentFlow.useSelector((snapshot) => snapshot.context.attempt)
  const now = StudentFlow.useSelector((snapshot) => snapshot.context.now)
  const examName = attempt?.examName && <p className="completion__exam">{attempt.examName}</p>
  // An attempt stored before answer files existed has no key to tag one with.
  const answerFileOffer = (always: boolean) =>
    attempt?.answerFileKey ? (
      <AnswerFileOffer always={always} submissionId={attempt.id} deadline={attempt.deadline} now={now} />
    ) : null

  switch (submission.state) {
    case 'accepted': {
      // The server's total: the questions the exam served (unanswered ones count as wrong), as every screen scores it.
      const { score, total, answersFingerprint } = submission.receipt
      return (
        <>
          {examName}
          <Status tone="sent" label={completionTexts.acceptedStatus}>
            <p>{completionTexts.accepted}</p>
            <p className="completion__score">
              Score: {score} / {total} ({scorePercentage(score, total)}%)
            </p>
          </Status>
          <AnswerReceipt fingerprint={answersFingerprint} />
          <StayOrLeave
            primary={
              <Link to="/solutions" className="button button--primary">
                View My Results
              </Link>
            }
          />
        </>
      )
    }
    case 'pending':
      return (
        <>
          {examName}
          <Status tone="waiting" label={completionTexts.pendingStatus}>
            {submission.lastFailure && <p className="completion__reason">{sendFailureMessage(submission.lastFailure)}</p>}
          </Status>
          <AnswerReceipt fingerprint={submission.fingerprint} />
          {answerFileOffer(false)}
          <StayOrLeave />
        </>
      )
    case 'rejected': {
      const retryable = isRetryable(submission.rejection)
      return (
        <>
          {examName}
          <Status tone="refused" label={notAcceptedMessage(submission.rejection)}>
            <p>{retryable ? completionTexts.retryAdvice : completionTexts.finalAdvice}</p>
          </Status>
          <AnswerReceipt fingerprint={submission.fingerprint} />
          {answerFileOffer(true)}
          <StayOrLeave
            primary={
              retryable && (
                <button type="button" className="button button--primary" onClick={() => flow.send({ type: 'RETRY_SUBMISSION' })}>
                  Try Again
                </button>
              )
            }
          />
        </>
      )
    }
  }
}

interface StatusProps {
  tone: 'sent' | 'waiting' | 'refused'
  /** The state in words, first: the colour only repeats it. */
  label: string
  children?: ReactNode
}

function Status({ tone, label, children }: StatusProps) {
  return (
    <div className={`completion__status completion__status--${tone}`} role="status">
      <p className="completion__status-label">{label}</p>
      {children}
    </div>
  )
}

/** The answers' fingerprint, the one on the results page and in the administrators' results, with what it is for. */
function AnswerReceipt({ fingerprint }: { fingerprint: string }) {
  return (
    <div className="completion__receipt">
      <p>
        Answer receipt: <code>{fingerprint}</code>
      </p>
      <p className="completion__receipt-explanation">{answerReceiptExplanation}</p>
    </div>
  )
}

/** The state's own action, if it has one, as the only primary button; leaving the screen is always secondary. */
function StayOrLeave({ primary }: { primary?: ReactNode }) {
  const flow = StudentFlow.useActorRef()
  return (
    <div className="completion__actions">
      {primary}
      <Link to="/" className="button">
        Return to Home
      </Link>
      <button type="button" className="button" onClick={() => flow.send({ type: 'TAKE_ANOTHER' })}>
        Take Another Test
      </button>
    </div>
  )
}
