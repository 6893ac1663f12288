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

/** Runs one supabase-js request and turns its error, or a thrown one (no network, no client), into the screen's text. */
export async function adminRequest<T>(failure: FailureText, request: () => PromiseLike<Reply<T>>): Promise<AdminResult<T>> {
  try {
    const reply = await request()
    if (reply.error) {
      return { ok: false, error: failure.preferServerMessage && reply.error.message ? reply.error.message : failure.message }
    }
    return { ok: true, data: reply.data }
  } catch (error) {
    // The screen shows its own text; the cause (no network, no client) stays visible to a developer.
    console.error(`Holdfast admin request failed (${failure.message}):`, error)
    return { ok: false, error: failure.message }
  }
}
