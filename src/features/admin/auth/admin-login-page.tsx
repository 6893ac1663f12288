import { useState, type FormEvent } from 'react'
import { Link } from 'react-router-dom'
import { adminLoginError } from '../../../domain/admin-login-validation'
import { signInAdmin } from '../../../lib/admin/admin-auth'
import { ErrorBanner } from '../components/flash-messages'

/**
 * The only admin screen without a session (docs/product.md#who-uses-it). A successful sign-in
 * switches screens through the auth state.
 */
export function AdminLoginPage() {
  const [email, setEmail] = useState('')
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [signingIn, setSigningIn] = useState(false)

  async function signIn(event: FormEvent) {
    event.preventDefault()
    const invalid = adminLoginError(email, password)
    setError(invalid)
    if (invalid) return
    setSigningIn(true)
    const failure = await signInAdmin(email, password)
    if (failure) {
      setError(failure)
      setSigningIn(false)
    }
  }

  return (
    <section className="admin-login" aria-labelledby="admin-login-title">
      <h1 id="admin-login-title">Admin Login</h1>
      <p className="admin-muted">Sign in with your administrator e-mail and password.</p>
      {/* noValidate: our own messages replace the browser's. */}
      <form className="admin-form" onSubmit={signIn} noValidate>
        <label className="admin-field">
          <span>Email</span>
          <input type="email" autoComplete="username" value={email} onChange={(event) => setEmail(event.target.value)} />
        </label>
        <label className="admin-field">
          <span>Password</span>
          <input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
        </label>
        {error && <ErrorBanner message={error} />}
        <button type="submit" className="admin-button admin-button--primary" disabled={signingIn}>
          {signingIn ? 'Signing in...' : 'Sign In'}
        </button>
      </form>
      <Link to="/" className="admin-login__home">
        Back to Home
      </Link>
    </section>
  )
}
