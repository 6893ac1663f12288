import { isAuthApiError, isAuthError, isAuthRetryableFetchError, type AuthError } from '@supabase/supabase-js'
import { getSupabase } from '../api/supabase'

/** Who is signed in, as far as the admin area needs to know. */
export interface SignedInUser {
  id: string
  email: string
}

export const connectionFailedMessage = 'Unable to connect to the database. Please check your internet connection and try again.'
const invalidCredentialsMessage = 'Invalid email or password. Please check your credentials.'
const loginFailedMessage = 'Login failed. Please try again.'
const tooManyAttemptsMessage =
  'Too many sign-in attempts for this e-mail from this network. Please wait a few minutes and try again, or sign in from another network.'

/**
 * Calls back with the signed-in user now and on every auth change (sign-in, token refresh,
 * sign-out). supabase-js itself signs out, and reports no user, when a stored refresh token
 * turns out to be invalid. Returns the unsubscribe function.
 */
export function watchSignedInUser(onChange: (user: SignedInUser | null) => void): () => void {
  const { data } = getSupabase().auth.onAuthStateChange((_event, session) => {
    // Only record the change here: supabase-js warns against awaiting its own calls inside this callback.
    onChange(session ? { id: session.user.id, email: session.user.email ?? '' } : null)
  })
  return () => data.subscription.unsubscribe()
}

export type AdminAccess = 'admin' | 'not-admin' | 'unreachable'

/** Whether the signed-in user is listed in admin_users (public.is_admin()). */
export async function checkAdminAccess(): Promise<AdminAccess> {
  try {
    const { data, error } = await getSupabase().rpc('is_admin')
    if (error) return 'unreachable'
    return data ? 'admin' : 'not-admin'
  } catch {
    return 'unreachable'
  }
}

/** Signs in; resolves to null on success or to the message the login screen shows (docs/product.md#who-uses-it). */
export async function signInAdmin(email: string, password: string): Promise<string | null> {
  try {
    const { error } = await getSupabase().auth.signInWithPassword({ email: email.trim(), password })
    return error ? signInErrorMessage(error) : null
  } catch (error) {
    return error instanceof Error ? signInErrorMessage(error) : loginFailedMessage
  }
}

/** A fetch that threw before any answer: Chromium's, Safari's and Firefox's words for it. */
const noAnswer = /failed to fetch|load failed|networkerror|network request failed/i

/**
 * The login screen's words for a failed sign-in (the spec's section 8): no answer at all (supabase-js's
 * AuthRetryableFetchError with status 0, or a fetch that threw) is a connection failure; an answer of
 * the auth server that is an error of its own (5xx, which supabase-js also reports as retryable), an
 * unreadable body, or no message ("{}") is "Login failed"; otherwise the provider's own message.
 */
export function signInErrorMessage(error: AuthError | Error): string {
  const status = isAuthError(error) ? error.status : undefined
  if ((isAuthRetryableFetchError(error) && !status) || (!isAuthError(error) && noAnswer.test(error.message))) {
    return connectionFailedMessage
  }
  if ((isAuthApiError(error) && error.code === 'invalid_credentials') || /invalid login credentials/i.test(error.message)) {
    return invalidCredentialsMessage
  }
  if (isAuthApiError(error) && (error.status === 429 || error.code === 'over_request_rate_limit')) return tooManyAttemptsMessage
  const providerMessage = error.message.trim()
  const serverFailed = status !== undefined && status >= 500
  if (!isAuthApiError(error) || serverFailed || providerMessage === '{}') return loginFailedMessage
  return providerMessage || loginFailedMessage
}

/**
 * Signs this browser out. The local session is dropped before the server is told, so
 * logging out works offline and when there is no session left (docs/product.md#who-uses-it).
 */
export async function signOutAdmin(): Promise<void> {
  try {
    await getSupabase().auth.signOut({ scope: 'local' })
  } catch {
    // Nothing to undo: the local session is already gone whatever the server said.
  }
}
