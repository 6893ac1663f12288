import type { SqlClient } from '../db.ts'
import type { PhoenixMessage } from './phoenix-frames.ts'
import { adoptToken, refreshToken, type Identify, type TokenIdentity } from './channel-tokens.ts'
import {
  closeIfAnonymous,
  dropChannel,
  endChannel,
  reply,
  replyUnmatched,
  signIn,
  signInRequired,
  subTopic,
  systemMessage,
  type Channel,
  type Connection,
} from './connection.ts'
import { BindingRejected, parseBinding, type PostgresChangesBinding } from './postgres-changes-binding.ts'
import type { SocketBudget } from './socket-budget.ts'
import type { TableLookup } from './table-catalog.ts'

/** Hosted Realtime's default limit of channels per client; the app opens one per screen. */
const maxChannelsPerSocket = 100
/** The app's busiest channel follows five tables with one binding each. */
const maxBindingsPerJoin = 10

export interface ChannelMessageContext {
  db: SqlClient
  identify: Identify
  budget: SocketBudget
  lookupTable: TableLookup
}

/** Handles a message for a channel topic (heartbeats aside): joins, leaves and token updates. */
export type ChannelMessageHandler = (connection: Connection, message: PhoenixMessage) => Promise<void>

export function channelMessageHandler({ db, identify, budget, lookupTable }: ChannelMessageContext): ChannelMessageHandler {
  let nextBindingId = 1

  /**
   * The join's identity, once its token is a signed-in user's and its socket may count as
   * signed in; otherwise undefined, the join refused with the reason and an anonymous socket
   * closed.
   */
  async function signedInIdentity(
    connection: Connection,
    message: PhoenixMessage,
    token: string,
  ): Promise<TokenIdentity | undefined> {
    let identity: TokenIdentity
    connection.joinBeingChecked = true
    try {
      identity = await identify(token)
    } catch (error) {
      return refuseJoin(connection, message, `InvalidJWTToken: ${(error as Error).message}`)
    } finally {
      connection.joinBeingChecked = false
    }
    if (identity.role === 'anon') return refuseJoin(connection, message, signInRequired)
    if (!connection.signedIn) {
      const tooMany = budget.signedInRefusal(connection.address)
      if (tooMany) return refuseJoin(connection, message, `ConnectionRateLimitReached: ${tooMany}`)
      signIn(connection)
    }
    return identity
  }

  async function join(connection: Connection, message: PhoenixMessage): Promise<void> {
    const name = subTopic(message.topic)
    if (name === undefined) return replyUnmatched(connection, message)
    if (name === '') return reply(connection, message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' })
    const previous = connection.channels.get(message.topic)
    if (previous) dropChannel(connection, previous)
    if (connection.channels.size >= maxChannelsPerSocket) {
      return reply(connection, message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' })
    }

    const payload = asRecord(message.payload)
    const requested = asRecord(payload.config).postgres_changes
    const entries: unknown[] = Array.isArray(requested) ? requested : []
    if (entries.length > maxBindingsPerJoin) {
      return refuseBindings(
        connection,
        message,
        `at most ${maxBindingsPerJoin} postgres_changes per channel, got ${entries.length}`,
      )
    }

    const token = typeof payload.access_token === 'string' ? payload.access_token : connection.apikey
    const identity = await signedInIdentity(connection, message, token)
    if (!identity) return

    const ids = entries.map(() => nextBindingId++)
    const bindings: PostgresChangesBinding[] = []
    try {
      for (const [i, entry] of entries.entries()) bindings.push(await parseBinding(db, entry, ids[i] as number, lookupTable))
    } catch (error) {
      if (!(error instanceof BindingRejected)) throw error
      return refuseBindings(connection, message, error.message)
    }
    if (connection.ws.readyState !== connection.ws.OPEN) return

    const channel: Channel = {
      topic: message.topic,
      joinRef: message.joinRef,
      token,
      identity,
      identityKey: '',
      bindings,
      expiryTimer: undefined,
    }
    connection.channels.set(message.topic, channel)
    adoptToken(connection, channel, token, identity)
    // The client pairs these with its own bindings by position, event, schema, table and filter.
    const echoed = entries.map((entry, i) => (typeof entry === 'object' && entry !== null ? { ...entry, id: ids[i] } : entry))
    reply(connection, message, 'ok', { postgres_changes: echoed })
    if (entries.length > 0) systemMessage(connection, channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL')
  }

  return async (connection, message) => {
    if (message.event === 'phx_join') return join(connection, message)
    const channel = connection.channels.get(message.topic)
    if (!channel || (message.joinRef !== null && channel.joinRef !== null && message.joinRef !== channel.joinRef)) {
      return replyUnmatched(connection, message)
    }
    if (message.event === 'phx_leave') {
      reply(connection, message, 'ok', {})
      endChannel(connection, channel, 'phx_close')
    } else if (message.event === 'access_token') {
      await refreshToken(connection, channel, asRecord(message.payload).access_token, identify)
    }
    // Broadcast and presence are not served here; like Realtime, other events get no answer.
  }
}

/** Refuses a join whose token does not sign a user in; such a socket has nothing more to do here. */
function refuseJoin(connection: Connection, message: PhoenixMessage, reason: string): undefined {
  reply(connection, message, 'error', { reason })
  closeIfAnonymous(connection)
  return undefined
}

function refuseBindings(connection: Connection, message: PhoenixMessage, why: string): void {
  reply(connection, message, 'error', {
    reason: `RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters: ${why}`,
  })
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}
