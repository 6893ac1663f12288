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
 * The server's own words in `error`, or undefined when it sent none. supabase-js reports a request
 * that never got an answer (no network, a blocked or aborted fetch) as an error without a code
 * whose message is the exception's text ("TypeError: Failed to fetch"); a gateway's answer that is
 * not PostgREST's has no code either, or an empty body ("{}"). Only an answer of the database (it
 * always carries a SQLSTATE or a PGRST code) has words meant for the screen.
 */
export function serverMessage(error: Pick<PostgrestError, 'code' | 'message'>): string | undefined {
  const message = typeof error.message === 'string' ? error.message.trim() : ''
  const fromDatabase = typeof error.code === 'string' && error.code !== ''
  return fromDatabase && message !== '' && message !== '{}' ? message : undefined
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
