import type { PostgrestError } from '@supabase/supabase-js'

/** An admin call's outcome: the data, or the message the screen shows (docs/product.md#what-administrators-do). */
export type AdminResult<T> = { ok: true; data: T } | { ok: false; error: string }

type Reply<T> = { data: T; error: null } | { data: null; error: PostgrestError }

interface FailureText {
  /** The operation's own text, shown when the server gives none. */
  message: string
  /** Some operations show the server's own message when it sends one, else their fallback. */
  preferServerMessage?: boolean
}

/**
 * Refusals our own SQL raises with words written for the screen: private.invalid_argument and the
 * functions' own checks (22023), and a plain `raise exception` (P0001). Every other SQLSTATE carries
 * PostgreSQL's or PostgREST's own text: a check or unique constraint naming the table, a row-level
 * security policy, a statement timeout, an expired session ("JWT expired").
 */
const refusalsInOurWords = new Set(['22023', 'P0001'])

/**
 * The server's own words in `error`, or undefined when it sent none meant for the screen.
 * supabase-js reports a request that never got an answer (no network, a blocked or aborted fetch) as
 * an error without a code whose message is the exception's text ("TypeError: Failed to fetch"); a
 * gateway's answer that is not PostgREST's has no code either, or an empty body ("{}"); and the
 * database's own errors (a constraint, a policy, a timeout) are raw exception text.
 */
export function serverMessage(error: Pick<PostgrestError, 'code' | 'message'>): string | undefined {
  const message = typeof error.message === 'string' ? error.message.trim() : ''
  const ourWords = typeof error.code === 'string' && refusalsInOurWords.has(error.code)
  return ourWords && message !== '' && message !== '{}' ? message : undefined
}

/** Runs one supabase-js request and turns its error, or a thrown one (no network, no client), into the screen's text. */
export async function adminRequest<T>(failure: FailureText, request: () => PromiseLike<Reply<T>>): Promise<AdminResult<T>> {
  try {
    const reply = await request()
    if (reply.error) {
      const fromServer = failure.preferServerMessage ? serverMessage(reply.error) : undefined
      return { ok: false, error: fromServer ?? failure.message }
    }
    return { ok: true, data: reply.data }
  } catch (error) {
    // The screen shows its own text; the cause (no network, no client) stays visible to a developer.
    console.error(`Holdfast admin request failed (${failure.message}):`, error)
    return { ok: false, error: failure.message }
  }
}
