import type { SqlClient, SqlDatabase } from '../db.ts'
import type { JwtKeys } from '../keys.ts'
import type { ApiRole, RequestIdentity } from '../run-as.ts'
import { isOpen, shutDown, signInRequired, type Channel, type Connection, type Subscriber } from './connection.ts'
import { checkSession, endedSessions, sessionEndedMessage, sessionIdOf } from './token-sessions.ts'

/** Who a token speaks for, and until when (ms since the epoch). */
export type TokenIdentity = RequestIdentity & { expiresAt: number }

/** Reads a token as GoTrue would accept it: signed by the stack, of an API role, its session not ended. */
export type Identify = (token: string) => Promise<TokenIdentity>

const apiRoles: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']
const maxTimerMs = 2 ** 31 - 1
/** Sign-out ends the channels of its session within this long, even when no change comes to end them sooner. */
const sessionCheckIntervalMs = 2000

export function tokenIdentifier(db: SqlClient, keys: JwtKeys): Identify {
  return async (token) => {
    const claims = await keys.verify(token)
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      throw new Error('Fields `role` and `exp` are required in JWT')
    }
    if (!apiRoles.includes(claims.role as ApiRole)) throw new Error(`role "${claims.role}" is not allowed`)
    await checkSession(db, claims)
    return { role: claims.role as ApiRole, claims, expiresAt: claims.exp * 1000 }
  }
}

/** Makes `token` the channel's: the identity its changes are checked for, and its end when the token expires. */
export function adoptToken(connection: Connection, channel: Channel, token: string, identity: TokenIdentity): void {
  channel.token = token
  channel.identity = { role: identity.role, claims: identity.claims }
  channel.identityKey = `${identity.role}:${JSON.stringify(identity.claims)}`
  clearTimeout(channel.expiryTimer)
  const check = () => {
    const left = identity.expiresAt - Date.now()
    if (left > 0) {
      channel.expiryTimer = setTimeout(check, Math.min(left, maxTimerMs))
      channel.expiryTimer.unref()
    } else {
      shutDown(connection, channel, 'Token has expired')
    }
  }
  check()
}

/** A channel's `access_token` message: the new token replaces the old, or ends the channel when it is not a signed-in user's. */
export async function refreshToken(connection: Connection, channel: Channel, token: unknown, identify: Identify): Promise<void> {
  if (typeof token !== 'string' || token === channel.token) return
  try {
    const identity = await identify(token)
    if (!isOpen(connection, channel)) return
    // supabase-js sends the anon key once its user signs out.
    if (identity.role === 'anon') shutDown(connection, channel, signInRequired)
    else adoptToken(connection, channel, token, identity)
  } catch (error) {
    shutDown(connection, channel, (error as Error).message)
  }
}

/**
 * Ends the channels among `channels` whose token's session has ended and answers the others:
 * sign-out deletes the session, while the token issued for it stays valid until it expires.
 */
export async function withoutEndedSessions(client: SqlClient, channels: Subscriber[]): Promise<Subscriber[]> {
  const sessionIds = new Set(channels.flatMap(({ channel }) => sessionIdOf(channel.identity.claims) ?? []))
  if (sessionIds.size === 0) return channels
  const ended = await endedSessions(client, [...sessionIds])
  // The claims as they are now: a token update meanwhile has had its own session checked.
  return channels.filter(({ connection, channel }) => {
    const sessionId = sessionIdOf(channel.identity.claims)
    if (sessionId === undefined || !ended.has(sessionId)) return true
    shutDown(connection, channel, sessionEndedMessage)
    return false
  })
}

export interface SessionSweep {
  /** Stops sweeping, once the sweep under way (if any) is done. */
  stop(): Promise<void>
}

/** Every few seconds, ends the channels whose session has been signed out, changes or not. */
export function startSessionSweep(db: SqlDatabase, channels: () => Subscriber[], log: (line: string) => void): SessionSweep {
  let sweep: Promise<unknown> | undefined
  const timer = setInterval(() => {
    sweep ??= withoutEndedSessions(db, channels())
      .catch((error: unknown) => log(`Realtime could not check its channels' sessions: ${(error as Error).message}`))
      .finally(() => {
        sweep = undefined
      })
  }, sessionCheckIntervalMs)
  timer.unref()
  return {
    stop: async () => {
      clearInterval(timer)
      await sweep
    },
  }
}
