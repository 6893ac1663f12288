import type { PostgrestError } from '@supabase/supabase-js'

/** An admin call's outcome: the data, or the message the screen shows (spec §8). */
export type AdminResult<T> = { ok: true; data: T } | { ok: false; error: string }

type Reply<T> = { data: T; error: null } | { data: null; error: PostgrestError }

interface FailureText {
  /** The spec's fallback text for this operation. */
  message: string
  /** Spec §8 shows the server's own message for some operations ("or provider message"). */
  preferServerMessage?: boolean
}

/** Runs one supabase-js request and turns its error, or a thrown one (no network, no client), into the spec's text. */
export async function adminRequest<T>(failure: FailureText, request: () => PromiseLike<Reply<T>>): Promise<AdminResult<T>> {
  try {
    const reply = await request()
    if (reply.error) {
      return { ok: false, error: failure.preferServerMessage && reply.error.message ? reply.error.message : failure.message }
    }
    return { ok: true, data: reply.data }
  } catch (error) {
    // The screen shows the spec's text; the cause (no network, no client) stays visible to a developer.
    console.error(`Holdfast admin request failed (${failure.message}):`, error)
    return { ok: false, error: failure.message }
  }
}
