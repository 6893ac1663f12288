import { Link } from 'react-router-dom'
import { StudentFlow } from './student-flow-context'

/**
 * No questions could be loaded (docs/product.md#taking-the-exam); the message says why. Beside Return
 * to Home, the student can try the same code again or give it up for another one: the session stays
 * stored, and on a shared computer the next student would otherwise land here again.
 */
export function TestUnavailableScreen() {
  const flow = StudentFlow.useActorRef()
  const message = StudentFlow.useSelector((snapshot) => snapshot.context.error)
  return (
    <div className="student-page student-card">
      <h1>Test Unavailable</h1>
      {message && (
        <p className="student-error" role="alert">
          {message}
        </p>
      )}
      <div className="student-card__actions">
        <button type="button" className="button button--primary" onClick={() => flow.send({ type: 'RETRY_EXAM_START' })}>
          Try Again
        </button>
        <button type="button" className="button" onClick={() => flow.send({ type: 'USE_DIFFERENT_CODE' })}>
          Use a different code
        </button>
        <Link to="/" className="button">
          Return to Home
        </Link>
      </div>
    </div>
  )
}
