import { Link } from 'react-router-dom'
import type { SubmissionStatus } from '../../domain/exam-submission'
import { scorePercentage } from '../../domain/score'
import { sendFailureMessage, submissionRejectionMessage } from '../../domain/student-messages'
import { AnswerFileOffer } from './answer-file-offer'
import { StudentFlow } from './student-flow-context'

/**
 * After the exam: says plainly whether the server has the answers or this device still holds them
 * (docs/product.md#offline-answers-and-answer-files).
 */
export function CompletionScreen() {
  const flow = StudentFlow.useActorRef()
  const submission = StudentFlow.useSelector((snapshot) => snapshot.context.submission)
  const attempt = StudentFlow.useSelector((snapshot) => snapshot.context.attempt)
  const now = StudentFlow.useSelector((snapshot) => snapshot.context.now)
  const refused = submission?.state === 'rejected'
  return (
    <div className="student-page student-card completion">
      <h1>{refused ? 'Submission Not Accepted' : 'Test Completed!'}</h1>
      {attempt?.examName && <p className="completion__exam">{attempt.examName}</p>}
      {submission ? <SubmissionOutcome submission={submission} onRetry={() => flow.send({ type: 'RETRY_SUBMISSION' })} /> : null}
      {submission?.state === 'pending' && attempt?.answerFileKey ? (
        <AnswerFileOffer submissionId={attempt.id} deadline={attempt.deadline} now={now} />
      ) : null}
      <div className="completion__actions">
        <Link to="/" className="button">
          Return to Home
        </Link>
        <Link to="/solutions" className="button">
          View My Results
        </Link>
        <button type="button" className="button button--primary" onClick={() => flow.send({ type: 'TAKE_ANOTHER' })}>
          Take Another Test
        </button>
      </div>
    </div>
  )
}

interface SubmissionOutcomeProps {
  submission: SubmissionStatus
  onRetry: () => void
}

function SubmissionOutcome({ submission, onRetry }: SubmissionOutcomeProps) {
  switch (submission.state) {
    case 'accepted': {
      // The server's total: the questions the exam served (unanswered ones count as wrong), as every screen scores it.
      const { score, total, answersFingerprint } = submission.receipt
      return (
        <div className="completion__status completion__status--sent" role="status">
          <p>Your answers have been received.</p>
          <p className="completion__score">
            Score: {score} / {total} ({scorePercentage(score, total)}%)
          </p>
          <Receipt fingerprint={answersFingerprint} />
        </div>
      )
    }
    case 'pending':
      return (
        <div className="completion__status completion__status--waiting" role="status">
          {submission.lastFailure && <p className="completion__reason">{sendFailureMessage(submission.lastFailure)}</p>}
          <p>
            <strong>Your answers are saved on this device and waiting to be sent.</strong> They are sent automatically as soon as
            the connection returns; this page updates when they arrive. Do not clear this browser&apos;s data until then.
          </p>
          <Receipt fingerprint={submission.fingerprint} />
        </div>
      )
    case 'rejected':
      return (
        <div className="completion__status completion__status--refused">
          <p role="alert">{submissionRejectionMessage(submission.rejection)}</p>
          <p>Your answers are kept on this device.</p>
          <Receipt fingerprint={submission.fingerprint} />
          {submission.rejection.reason === 'failed' && (
            <button type="button" className="button" onClick={onRetry}>
              Try Again
            </button>
          )}
        </div>
      )
  }
}

function Receipt({ fingerprint }: { fingerprint: string }) {
  return (
    <p className="completion__receipt">
      Answer receipt: <code>{fingerprint}</code>
    </p>
  )
}
