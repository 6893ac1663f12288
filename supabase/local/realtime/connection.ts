import type { WebSocket } from 'ws'
import type { RequestIdentity } from '../run-as.ts'
import { encodeFrame, type PhoenixMessage, type SerializerVersion } from './phoenix-frames.ts'
import type { PostgresChangesBinding } from './postgres-changes-binding.ts'

/** One client's socket, and its channels. */
export interface Connection {
  ws: WebSocket
  /** The client address it counts against (limitedAddress). */
  address: string
  vsn: SerializerVersion
  apikey: string
  /**
   * Whether it counts against the signed-in budget: it joined a channel with a signed-in user's
   * (or the service role's) token. Until then it is anonymous, as every socket realtime-js opens
   * is (it sends the user's token only in its joins).
   */
  signedIn: boolean
  /** An anonymous socket whose join is being checked is not the one evicted to make room. */
  joinBeingChecked: boolean
  channels: Map<string, Channel>
  /** Channel messages are handled one after another, in the order they came. */
  inbox: Promise<void>
  idleTimer: NodeJS.Timeout
  /** Closes it if it is still anonymous when this fires. */
  graceTimer: NodeJS.Timeout | undefined
}

/** A topic a connection joined, with the token and bindings it joined with. */
export interface Channel {
  topic: string
  joinRef: string | null
  token: string
  identity: RequestIdentity
  /** Channels with the same key see the same rows, so they share their row-level security checks. */
  identityKey: string
  bindings: PostgresChangesBinding[]
  expiryTimer: NodeJS.Timeout | undefined
}

export interface Subscriber {
  connection: Connection
  channel: Channel
}

/** Why a socket that joined without a signed-in user's token is refused and closed. */
export const signInRequired = 'Unauthorized: Realtime is only for signed-in users'

/** Every channel of every connection. */
export function openChannels(connections: Iterable<Connection>): Subscriber[] {
  return [...connections].flatMap((connection) => [...connection.channels.values()].map((channel) => ({ connection, channel })))
}

/** The channels that follow changes. */
export function subscribers(connections: Iterable<Connection>): Subscriber[] {
  return openChannels(connections).filter(({ channel }) => channel.bindings.length > 0)
}

/** The topic's name after `realtime:`, or undefined for a topic that is not a Realtime channel's. */
export function subTopic(topic: string): string | undefined {
  return topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : undefined
}

/** Whether `channel` is still open on `connection`: it has not ended, nor been replaced by a new join of its topic. */
export function isOpen(connection: Connection, channel: Channel): boolean {
  return connection.channels.get(channel.topic) === channel
}

function send(connection: Connection, message: Omit<PhoenixMessage, 'payload'>, payloadJson: string): void {
  if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(encodeFrame(connection.vsn, message, payloadJson))
}

export function reply(connection: Connection, to: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
  send(
    connection,
    { joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply' },
    JSON.stringify({ status, response }),
  )
}

/** Phoenix's answer to a message for a topic this socket has not joined (or has joined anew since). */
export function replyUnmatched(connection: Connection, to: PhoenixMessage): void {
  reply(connection, { ...to, joinRef: null }, 'error', { reason: 'unmatched topic' })
}

export function push(connection: Connection, channel: Channel, event: string, payloadJson: string): void {
  send(connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event }, payloadJson)
}

export function systemMessage(
  connection: Connection,
  channel: Channel,
  extension: string,
  status: 'ok' | 'error',
  message: string,
): void {
  push(connection, channel, 'system', JSON.stringify({ extension, status, message, channel: subTopic(channel.topic) }))
}

/** Forgets a channel without telling its client (a new join of the topic replaces it; the socket closed). */
export function dropChannel(connection: Connection, channel: Channel): void {
  clearTimeout(channel.expiryTimer)
  if (isOpen(connection, channel)) connection.channels.delete(channel.topic)
}

/** Ends a channel as Phoenix does: phx_close when it stopped normally, phx_error when it failed. */
export function endChannel(connection: Connection, channel: Channel, event: 'phx_close' | 'phx_error'): void {
  dropChannel(connection, channel)
  send(connection, { joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event }, '{}')
}

/**
 * Realtime's way to end a channel for a reason the client should know: a system error, then
 * phx_close. A channel that has ended or been replaced meanwhile is left alone.
 */
export function shutDown(connection: Connection, channel: Channel, message: string): void {
  if (!isOpen(connection, channel)) return
  systemMessage(connection, channel, 'system', 'error', message)
  endChannel(connection, channel, 'phx_close')
}

/** The connection joined as a signed-in user: it counts against that budget and has no grace period to end. */
export function signIn(connection: Connection): void {
  connection.signedIn = true
  clearTimeout(connection.graceTimer)
  connection.graceTimer = undefined
}

/** Students never use Realtime: an anonymous socket whose join failed has nothing more to do here. */
export function closeIfAnonymous(connection: Connection): void {
  if (!connection.signedIn) connection.ws.close(1008, signInRequired)
}
