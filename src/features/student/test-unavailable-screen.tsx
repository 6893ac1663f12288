import { Link } from 'react-router-dom'
import { StudentFlow } from './student-flow-context'

/** Spec §2: no questions could be loaded; the message says why. */
export function TestUnavailableScreen() {
  const message = StudentFlow.useSelector((snapshot) => snapshot.context.error)
  return (
    <div className="student-page student-card">
      <h1>Test Unavailable</h1>
      {message && (
        <p className="student-error" role="alert">
          {message}
        </p>
      )}
      <Link to="/" className="button button--primary">
        Return to Home
      </Link>
    </div>
  )
}
