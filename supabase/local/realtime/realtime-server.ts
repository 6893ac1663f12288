import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { SqlClient, SqlDatabase } from '../db.ts'
import type { JwtKeys } from '../keys.ts'
import type { ApiRole, RequestIdentity } from '../run-as.ts'
import { startChangeFeed, type CapturedChange } from './change-capture.ts'
import { decodeFrame, encodeFrame, serializerVersions, type PhoenixMessage, type SerializerVersion } from './phoenix-frames.ts'
import {
  BindingRejected,
  bindingCovers,
  matchingRecords,
  parseBinding,
  type PostgresChangesBinding,
} from './postgres-changes-binding.ts'
import { visibleToAudiences, type Audience, type ChangeToCheck } from './row-visibility.ts'
import { tableCatalog, type RealtimeTable } from './table-catalog.ts'

export const realtimePath = '/realtime/v1/websocket'

export interface RealtimeOptions {
  db: SqlDatabase
  keys: JwtKeys
  log: (line: string) => void
  /** A socket that sends nothing, not even a heartbeat, for this long is closed (Phoenix's default: 60 s). */
  idleTimeoutMs?: number
}

export interface RealtimeServer {
  /** For the HTTP server's `upgrade` event: serves `/realtime/v1/websocket`, refuses anything else. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Closes every socket (their clients reconnect to the next server) and stops reading changes. */
  close(): Promise<void>
}

interface Connection {
  ws: WebSocket
  vsn: SerializerVersion
  apikey: string
  channels: Map<string, Channel>
  /** Channel messages are handled one after another, in the order they came. */
  inbox: Promise<void>
  idleTimer: NodeJS.Timeout
}

interface Channel {
  topic: string
  joinRef: string | null
  token: string
  identity: RequestIdentity
  /** Channels with the same key see the same rows, so they share their row-level security checks. */
  identityKey: string
  bindings: PostgresChangesBinding[]
  expiryTimer: NodeJS.Timeout | undefined
}

interface Subscriber {
  connection: Connection
  channel: Channel
}

const apiRoles: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']
const maxTimerMs = 2 ** 31 - 1
const closeGraceMs = 1000

/**
 * The part of Supabase Realtime that `@supabase/realtime-js` uses for `postgres_changes`:
 * Phoenix channels over WebSocket, fed by the capture triggers of change-capture.sql, each
 * change checked against each subscriber's row-level security before it is sent.
 */
export async function startRealtime({ db, keys, log, idleTimeoutMs = 60_000 }: RealtimeOptions): Promise<RealtimeServer> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: 1024 * 1024 })
  const connections = new Set<Connection>()
  const lookupTable = tableCatalog()
  let nextBindingId = 1
  let closing = false

  const subscribers = (): Subscriber[] =>
    [...connections].flatMap((connection) =>
      [...connection.channels.values()].filter((c) => c.bindings.length > 0).map((channel) => ({ connection, channel })),
    )

  const feed = await startChangeFeed(db, {
    wanted: () => subscribers().length > 0,
    deliver: (tx, changes) => deliver(tx, changes),
    // Changes may have been missed: as when a Realtime channel process crashes, each channel
    // gets phx_error, and its client rejoins (and refetches what it shows).
    onGap: () => {
      for (const { connection, channel } of subscribers()) endChannel(connection, channel, 'phx_error')
    },
    log,
  })

  function send(connection: Connection, message: Omit<PhoenixMessage, 'payload'>, payloadJson: string): void {
    if (connection.ws.readyState === connection.ws.OPEN) connection.ws.send(encodeFrame(connection.vsn, message, payloadJson))
  }

  function reply(connection: Connection, to: PhoenixMessage, status: 'ok' | 'error', response: unknown): void {
    send(
      connection,
      { joinRef: to.joinRef, ref: to.ref, topic: to.topic, event: 'phx_reply' },
      JSON.stringify({ status, response }),
    )
  }

  /** Phoenix's answer to a message for a topic this socket has not joined (or has joined anew since). */
  function replyUnmatched(connection: Connection, to: PhoenixMessage): void {
    reply(connection, { ...to, joinRef: null }, 'error', { reason: 'unmatched topic' })
  }

  function push(connection: Connection, channel: Channel, event: string, payloadJson: string): void {
    send(connection, { joinRef: channel.joinRef, ref: null, topic: channel.topic, event }, payloadJson)
  }

  function systemMessage(
    connection: Connection,
    channel: Channel,
    extension: string,
    status: 'ok' | 'error',
    message: string,
  ): void {
    push(connection, channel, 'system', JSON.stringify({ extension, status, message, channel: subTopic(channel.topic) }))
  }

  /** Forgets a channel without telling its client (a new join of the topic replaces it; the socket closed). */
  function dropChannel(connection: Connection, channel: Channel): void {
    clearTimeout(channel.expiryTimer)
    if (connection.channels.get(channel.topic) === channel) connection.channels.delete(channel.topic)
  }

  /** Ends a channel as Phoenix does: phx_close when it stopped normally, phx_error when it failed. */
  function endChannel(connection: Connection, channel: Channel, event: 'phx_close' | 'phx_error'): void {
    dropChannel(connection, channel)
    send(connection, { joinRef: channel.joinRef, ref: channel.joinRef, topic: channel.topic, event }, '{}')
  }

  /** Realtime's way to end a channel for a reason the client should know: a system error, then phx_close. */
  function shutDown(connection: Connection, channel: Channel, message: string): void {
    systemMessage(connection, channel, 'system', 'error', message)
    endChannel(connection, channel, 'phx_close')
  }

  async function identify(token: string): Promise<RequestIdentity & { expiresAt: number }> {
    const claims = await keys.verify(token)
    if (typeof claims.role !== 'string' || typeof claims.exp !== 'number') {
      throw new Error('Fields `role` and `exp` are required in JWT')
    }
    if (!apiRoles.includes(claims.role as ApiRole)) throw new Error(`role "${claims.role}" is not allowed`)
    return { role: claims.role as ApiRole, claims, expiresAt: claims.exp * 1000 }
  }

  function adoptToken(
    connection: Connection,
    channel: Channel,
    token: string,
    identity: RequestIdentity & { expiresAt: number },
  ) {
    channel.token = token
    channel.identity = { role: identity.role, claims: identity.claims }
    channel.identityKey = `${identity.role}:${JSON.stringify(identity.claims)}`
    clearTimeout(channel.expiryTimer)
    const check = () => {
      const left = identity.expiresAt - Date.now()
      if (left > 0) {
        channel.expiryTimer = setTimeout(check, Math.min(left, maxTimerMs))
        channel.expiryTimer.unref()
      } else if (connection.channels.get(channel.topic) === channel) {
        shutDown(connection, channel, 'Token has expired')
      }
    }
    check()
  }

  async function join(connection: Connection, message: PhoenixMessage): Promise<void> {
    const name = subTopic(message.topic)
    if (name === undefined) return replyUnmatched(connection, message)
    if (name === '') return reply(connection, message, 'error', { reason: 'TopicNameRequired: You must provide a topic name' })
    const previous = connection.channels.get(message.topic)
    if (previous) dropChannel(connection, previous)

    const payload = asRecord(message.payload)
    const token = typeof payload.access_token === 'string' ? payload.access_token : connection.apikey
    let identity: Awaited<ReturnType<typeof identify>>
    try {
      identity = await identify(token)
    } catch (error) {
      return reply(connection, message, 'error', { reason: `InvalidJWTToken: ${(error as Error).message}` })
    }

    const requested = asRecord(payload.config).postgres_changes
    const entries: unknown[] = Array.isArray(requested) ? requested : []
    const ids = entries.map(() => nextBindingId++)
    let bindings: PostgresChangesBinding[] = []
    let rejection: string | undefined
    try {
      for (const [i, entry] of entries.entries()) bindings.push(await parseBinding(db, entry, ids[i] as number, lookupTable))
    } catch (error) {
      if (!(error instanceof BindingRejected)) throw error
      rejection = error.message
      bindings = []
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
    if (entries.length === 0) return
    if (rejection === undefined) systemMessage(connection, channel, 'postgres_changes', 'ok', 'Subscribed to PostgreSQL')
    else
      systemMessage(
        connection,
        channel,
        'postgres_changes',
        'error',
        `Unable to subscribe to changes with given parameters: ${rejection}`,
      )
  }

  async function refreshToken(connection: Connection, channel: Channel, payload: unknown): Promise<void> {
    const token = asRecord(payload).access_token
    if (typeof token !== 'string' || token === channel.token) return
    try {
      const identity = await identify(token)
      if (connection.channels.get(channel.topic) === channel) adoptToken(connection, channel, token, identity)
    } catch (error) {
      if (connection.channels.get(channel.topic) === channel) shutDown(connection, channel, (error as Error).message)
    }
  }

  async function handle(connection: Connection, message: PhoenixMessage): Promise<void> {
    if (message.event === 'phx_join') return join(connection, message)
    const channel = connection.channels.get(message.topic)
    if (!channel || (message.joinRef !== null && channel.joinRef !== null && message.joinRef !== channel.joinRef)) {
      return replyUnmatched(connection, message)
    }
    if (message.event === 'phx_leave') {
      reply(connection, message, 'ok', {})
      endChannel(connection, channel, 'phx_close')
    } else if (message.event === 'access_token') {
      await refreshToken(connection, channel, message.payload)
    }
    // Broadcast and presence are not served here; like Realtime, other events get no answer.
  }

  function accept(ws: WebSocket, vsn: SerializerVersion, apikey: string): void {
    const connection: Connection = {
      ws,
      vsn,
      apikey,
      channels: new Map(),
      inbox: Promise.resolve(),
      idleTimer: setTimeout(() => ws.terminate(), idleTimeoutMs).unref(),
    }
    connections.add(connection)
    ws.on('message', (data, isBinary) => {
      connection.idleTimer.refresh()
      // Binary frames carry broadcasts, which this server does not serve.
      if (isBinary) return
      const message = decodeFrame(vsn, data.toString())
      if (!message) {
        ws.close(1007, 'Not a Phoenix message')
        return
      }
      // Heartbeats skip the queue, so a slow join never makes the client think the socket is dead.
      if (message.topic === 'phoenix') {
        if (message.event === 'heartbeat') reply(connection, message, 'ok', {})
        return
      }
      connection.inbox = connection.inbox
        .then(() => handle(connection, message))
        .catch((error: unknown) => {
          log(`Realtime failed on ${message.event} for ${message.topic}: ${(error as Error).stack ?? String(error)}`)
          reply(connection, message, 'error', { reason: 'Unknown Error on Channel' })
        })
    })
    ws.on('error', () => {})
    ws.on('close', () => {
      connections.delete(connection)
      clearTimeout(connection.idleTimer)
      for (const channel of [...connection.channels.values()]) dropChannel(connection, channel)
    })
  }

  async function deliver(tx: SqlClient, batch: CapturedChange[]): Promise<void> {
    const current = subscribers()
    const changes: ChangeToCheck[] = []
    for (const change of batch) {
      const table = await lookupTable(tx, change.schema, change.table)
      if (table) changes.push({ change, table })
    }

    // Filters are decided by PostgreSQL, once per filter and batch, whoever subscribed with it.
    const filterResults = new Map<string, Set<number>>()
    const passesFilter = async ({ filter, requested }: PostgresChangesBinding, position: number) => {
      if (!filter) return true
      const key = `${filter.table.relation}|${String(requested.filter)}`
      let result = filterResults.get(key)
      if (!result) {
        const positions = changes.flatMap(({ table }, i) => (table === filter.table ? [i] : []))
        const records = positions.map((i) => (changes[i] as ChangeToCheck).change.record)
        result = new Set([...(await matchingRecords(tx, filter, records))].map((i) => positions[i] as number))
        filterResults.set(key, result)
      }
      return result.has(position)
    }

    // Which binding ids of which channel each change is for, before row-level security (checked
    // for the identity the channel has now, even if a token update arrives meanwhile).
    const candidates = new Map<Subscriber, { identityKey: string; matches: Map<number, number[]> }>()
    const audiences = new Map<string, Audience>()
    for (const subscriber of current) {
      const { identityKey, identity } = subscriber.channel
      const matches = new Map<number, number[]>()
      for (const [position, { change }] of changes.entries()) {
        const ids: number[] = []
        for (const binding of subscriber.channel.bindings) {
          if (bindingCovers(binding, change) && (await passesFilter(binding, position))) ids.push(binding.id)
        }
        if (ids.length === 0) continue
        matches.set(position, ids)
        const audience = audiences.get(identityKey) ?? { identity, positions: new Set() }
        audience.positions.add(position)
        audiences.set(identityKey, audience)
      }
      if (matches.size > 0) candidates.set(subscriber, { identityKey, matches })
    }
    if (candidates.size === 0) return

    const visible = await visibleToAudiences(tx, changes, audiences, (error) =>
      log(`Realtime could not check row-level security for a subscriber: ${error.message}`),
    )

    // In change order, so every socket sees changes in the order they were made.
    for (const [position, { change, table }] of changes.entries()) {
      let data: string | undefined
      for (const [{ connection, channel }, { identityKey, matches }] of candidates) {
        const ids = matches.get(position)
        if (!ids || !visible.get(identityKey)?.has(position)) continue
        if (connection.channels.get(channel.topic) !== channel) continue
        data ??= changeData(change, table)
        push(connection, channel, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${data}}`)
      }
    }
  }

  return {
    handleUpgrade: (req, socket, head) => {
      socket.on('error', () => {})
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (url.pathname !== realtimePath) return refuse(socket, 404, 'Not found')
      if (closing) return refuse(socket, 503, 'Server is shutting down')
      const vsn = url.searchParams.get('vsn') ?? '1.0.0'
      if (!serializerVersions.includes(vsn as SerializerVersion)) return refuse(socket, 400, `Unsupported serializer vsn ${vsn}`)
      const header = req.headers.apikey
      const apikey = url.searchParams.get('apikey') ?? (typeof header === 'string' ? header : undefined)
      if (!apikey) return refuse(socket, 403, 'No API key found in request')
      identify(apikey).then(
        () =>
          closing
            ? refuse(socket, 503, 'Server is shutting down')
            : wss.handleUpgrade(req, socket, head, (ws) => accept(ws, vsn as SerializerVersion, apikey)),
        (error: unknown) => refuse(socket, 403, `Invalid API key: ${(error as Error).message}`),
      )
    },
    close: async () => {
      closing = true
      await feed.stop()
      const closed = [...connections].map(
        ({ ws }) =>
          new Promise<void>((resolve) => {
            ws.once('close', () => resolve())
            ws.close(1001, 'Server shutting down')
          }),
      )
      const grace = new Promise<void>((resolve) => setTimeout(resolve, closeGraceMs).unref())
      await Promise.race([Promise.all(closed), grace])
      for (const { ws } of connections) ws.terminate()
      await new Promise<void>((resolve) => wss.close(() => resolve()))
    },
  }
}

/** The payload Realtime sends for a change (realtime-js reads `type`, `record` and `old_record` by `columns`). */
function changeData(change: CapturedChange, table: RealtimeTable): string {
  return JSON.stringify({
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: table.columnTypes,
    ...(change.type === 'DELETE' ? {} : { record: change.record }),
    // As on hosted Realtime for tables with row-level security: the old row's primary key only.
    ...(change.type === 'INSERT' ? {} : { old_record: change.primaryKey }),
    errors: null,
  })
}

function subTopic(topic: string): string | undefined {
  return topic.startsWith('realtime:') ? topic.slice('realtime:'.length) : undefined
}

function asRecord(value: unknown): Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {}
}

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
}
