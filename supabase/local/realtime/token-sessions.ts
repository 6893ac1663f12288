import type { SqlClient } from '../db.ts'

/** GoTrue's words for a token whose session is gone (its user signed out). */
export const sessionEndedMessage = 'Session from session_id claim in JWT does not exist'

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i

/** The session a token was issued for: sign-in puts it in the `session_id` claim (the API keys have none). */
export function sessionIdOf(claims: Record<string, unknown>): string | undefined {
  return typeof claims.session_id === 'string' ? claims.session_id : undefined
}

/**
 * Throws, as GoTrue refuses such a token, when the token names a session that is not a UUID or
 * that no longer exists: sign-out deletes the session, but a token issued for it stays valid
 * until it expires.
 */
export async function checkSession(db: SqlClient, claims: Record<string, unknown>): Promise<void> {
  if (claims.session_id === undefined) return
  const sessionId = sessionIdOf(claims)
  if (sessionId === undefined || !uuidPattern.test(sessionId)) throw new Error('invalid claim: session_id claim must be a UUID')
  if ((await endedSessions(db, [sessionId])).size > 0) throw new Error(sessionEndedMessage)
}

/** Which of `sessionIds` (UUIDs, as checkSession let through) no longer exist. */
export async function endedSessions(db: SqlClient, sessionIds: string[]): Promise<Set<string>> {
  const { rows } = await db.query<{ id: string }>(
    `select s.id from unnest($1::text[]) as s(id)
      where not exists (select 1 from auth.sessions where id = s.id::uuid)`,
    [sessionIds],
  )
  return new Set(rows.map((r) => r.id))
}
