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
    'Select Try Again to send your answers once more. If they are still not accepted, show this screen to your proctor.',
  finalAdvice: 'Trying again will not change this: show this screen to your proctor.',
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

/** What one state shows in the screen's one layout. */
interface Outcome {
  heading: string
  tone: 'sent' | 'waiting' | 'refused'
  /** The state in words, first: the colour only repeats it. */
  label: string
  details: ReactNode
  fingerprint: string
  /** The state's own action: the only primary button, right under the status. */
  primary: ReactNode
  /** 'always': at once; 'late': 2 minutes after the deadline (docs/product.md#offline-answers-and-answer-files). */
  answerFile: 'always' | 'late' | null
}

function outcomeOf(submission: SubmissionStatus, retry: () => void): Outcome {
  switch (submission.state) {
    case 'accepted': {
      // The server's total: the questions the exam served (unanswered ones count as wrong), as every screen scores it.
      const { score, total, answersFingerprint } = submission.receipt
      return {
        heading: completionTexts.acceptedHeading,
        tone: 'sent',
        label: completionTexts.acceptedStatus,
        details: (
          <>
            <p>{completionTexts.accepted}</p>
            <p className="completion__score">
              Score: {score} / {total} ({scorePercentage(score, total)}%)
            </p>
          </>
        ),
        fingerprint: answersFingerprint,
        primary: (
          <Link to="/solutions" className="button button--primary">
            View My Results
          </Link>
        ),
        answerFile: null,
      }
    }
    case 'pending':
      return {
        heading: completionTexts.pendingHeading,
        tone: 'waiting',
        label: completionTexts.pendingStatus,
        details: submission.lastFailure && <p className="completion__reason">{sendFailureMessage(submission.lastFailure)}</p>,
        fingerprint: submission.fingerprint,
        // Nothing to press: the device sends by itself. Leaving is offered below, never as the main action.
        primary: null,
        answerFile: 'late',
      }
    case 'rejected': {
      const retryable = isRetryable(submission.rejection)
      return {
        heading: completionTexts.rejectedHeading,
        tone: 'refused',
        label: notAcceptedMessage(submission.rejection),
        details: <p>{retryable ? completionTexts.retryAdvice : completionTexts.finalAdvice}</p>,
        fingerprint: submission.fingerprint,
        primary: retryable && (
          <button type="button" className="button button--primary" onClick={retry}>
            Try Again
          </button>
        ),
        // A refused submission is stranded on this device whatever the time.
        answerFile: 'always',
      }
    }
  }
}

/**
 * After the exam: one state at a time (docs/product.md#offline-answers-and-answer-files): the server has the answers,
 * or this device still holds them and sends them by itself, or the server refused them. The page opens at its top,
 * and the heading takes the focus whenever the state changes, since the button that had it may be gone.
 */
export function CompletionScreen() {
  const flow = StudentFlow.useActorRef()
  const submission = StudentFlow.useSelector((snapshot) => snapshot.context.submission)
  const attempt = StudentFlow.useSelector((snapshot) => snapshot.context.attempt)
  const now = StudentFlow.useSelector((snapshot) => snapshot.context.now)
  const outcome = submission && outcomeOf(submission, () => flow.send({ type: 'RETRY_SUBMISSION' }))
  const state = submission?.state ?? 'checking'
  const heading = useRef<HTMLHeadingElement>(null)

  // The exam screen may have been scrolled to its last question's Submit: this screen starts at its top. (A block:
  // Chromium's scrollTo may answer a promise, which React would take for the effect's clean-up.)
  useLayoutEffect(() => {
    window.scrollTo(0, 0)
  }, [])
  useEffect(() => {
    heading.current?.focus({ preventScroll: true })
  }, [state])

  return (
    <div className="student-page student-card completion" data-state={state}>
      <h1 ref={heading} tabIndex={-1}>
        {outcome ? outcome.heading : completionTexts.checkingHeading}
      </h1>
      {outcome && (
        <>
          {attempt?.examName && <p className="completion__exam">{attempt.examName}</p>}
          {/* One live region whatever the state, so a change of state is announced. */}
          <div className={`completion__status completion__status--${outcome.tone}`} role="status">
            <p className="completion__status-label">{outcome.label}</p>
            {outcome.details}
          </div>
          {outcome.primary && <div className="completion__primary">{outcome.primary}</div>}
          <AnswerReceipt fingerprint={outcome.fingerprint} />
          {/* An attempt stored before answer files existed has no key to tag one with. */}
          {outcome.answerFile && attempt?.answerFileKey && (
            <AnswerFileOffer
              always={outcome.answerFile === 'always'}
              submissionId={attempt.id}
              deadline={attempt.deadline}
              now={now}
            />
          )}
        </>
      )}
      <div className="completion__actions">
        <Link to="/" className="button">
          Return to Home
        </Link>
        <button type="button" className="button" onClick={() => flow.send({ type: 'TAKE_ANOTHER' })}>
          Take Another Test
        </button>
      </div>
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
