import { Outlet } from 'react-router-dom'
import { connectionFailedMessage } from '../../../lib/admin/admin-auth'
import { ErrorBanner } from '../components/flash-messages'
import { AdminLoginPage } from './admin-login-page'
import { useAdminSession } from './use-admin-session'
import './admin-gate.css'

/** Shows the admin screens only to a signed-in administrator (docs/product.md#who-uses-it). */
export function AdminGate() {
  const { session, retryAccessCheck, signOut } = useAdminSession()

  if (session.status === 'checking') {
    return (
      <p role="status" className="admin-checking">
        Checking authentication...
      </p>
    )
  }
  if (session.status === 'signed-out') return <AdminLoginPage />

  const logout = (
    <button type="button" className="admin-button" onClick={() => void signOut()}>
      Logout
    </button>
  )
  if (session.access === 'not-admin') {
    return (
      <section className="admin-login" aria-labelledby="not-admin-title">
        <h1 id="not-admin-title">Not an Administrator</h1>
        <p>
          You are signed in as <strong>{session.user.email}</strong>, but this account is not an administrator. Ask the person who
          runs Holdfast to add it, or log out and sign in with an administrator account.
        </p>
        {logout}
      </section>
    )
  }
  if (session.access === 'unreachable') {
    return (
      <section className="admin-login" aria-labelledby="access-check-title">
        <h1 id="access-check-title">Admin Panel</h1>
        <ErrorBanner message={connectionFailedMessage} />
        <div className="admin-button-row">
          <button type="button" className="admin-button admin-button--primary" onClick={retryAccessCheck}>
            Try Again
          </button>
          {logout}
        </div>
      </section>
    )
  }

  return (
    <>
      <div className="admin-bar">
        <span>
          Signed in as <strong>{session.user.email}</strong>
        </span>
        {logout}
      </div>
      <Outlet />
    </>
  )
}
