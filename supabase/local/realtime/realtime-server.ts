import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import type { SqlClient, SqlDatabase } from '../db.ts'
import type { JwtKeys } from '../keys.ts'
import { clientAddress, limitedAddress, type TrustedProxies } from '../client-address.ts'
import type { ApiRole, RequestIdentity } from '../run-as.ts'
import { startChangeFeed, type CapturedChange } from './change-capture.ts'
import { decodeFrame, encodeFrame, serializerVersions, type PhoenixMessage, type SerializerVersion } from './phoenix-frames.ts'
import {
  BindingRejected,
  bindingCovers,
  parseBinding,
  recordsMeetingFilters,
  type ChangeFilter,
  type PostgresChangesBinding,
} from './postgres-changes-binding.ts'
import { visibleToAudiences, type Audience, type ChangeToCheck } from './row-visibility.ts'
import { tableCatalog, type RealtimeTable } from './table-catalog.ts'
import { checkSession, endedSessions, sessionEndedMessage, sessionIdOf } from './token-sessions.ts'
import { actAsStack } from './transaction-steps.ts'

export const realtimePath = '/realtime/v1/websocket'

export interface RealtimeOptions {
  db: SqlDatabase
  keys: JwtKeys
  log: (line: string) => void
  /** A socket that sends nothing, not even a heartbeat, for this long is closed (Phoenix's default: 60 s). */
  idleTimeoutMs?: number
  /** An anonymous socket that has not joined a channel as a signed-in user within this long is closed (default 10 s). */
  anonymousGraceMs?: number
  /** Proxies whose X-Forwarded-For names the client a socket is counted against. */
  trustedProxies: TrustedProxies
}

export interface RealtimeServer {
  /** For the HTTP server's `upgrade` event: serves `/realtime/v1/websocket`, refuses anything else. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** Closes every socket (their clients reconnect to the next server) and stops reading changes. */
  close(): Promise<void>
}

interface Connection {
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

/** What a batch of changes holds for a channel: by position, the bindings it is for (filters aside). */
interface Candidate {
  identityKey: string
  bindings: Map<number, PostgresChangesBinding[]>
}

const apiRoles: readonly ApiRole[] = ['anon', 'authenticated', 'service_role']
const maxTimerMs = 2 ** 31 - 1
const closeGraceMs = 1000

// What one socket may ask of the server is bounded, because every binding is work done for
// every change of its table, before the writer's next request gets the database (PGlite has one
// connection): one anonymous join with 10,000 filters once made each change cost 1.7 s.
/** A join with a token and a few bindings is 2-3 KB; a frame over this closes the socket (1009). */
const maxFrameBytes = 64 * 1024
/** Hosted Realtime's default limit of channels per client; the app opens one per screen. */
const maxChannelsPerSocket = 100
/** The app's busiest channel follows five tables with one binding each. */
const maxBindingsPerJoin = 10
/**
 * Signed-in sockets from one client address (an IPv6 /64), and in all. Only administrators'
 * screens use Realtime (students never open a socket), one per browser tab: these leave room for
 * a whole staff behind one NAT while bounding the bindings every change is checked against.
 */
const maxSignedInSocketsPerAddress = 50
const maxSignedInSockets = 1000
/**
 * Anonymous sockets (not yet joined as a signed-in user) from one address, and in all. The anon
 * key is public, so these are anyone's: they never take from the signed-in budget, and when
 * theirs is full the oldest anonymous socket is closed to make room rather than the newcomer
 * refused, because an administrator's socket is anonymous too until its first join arrives.
 */
const maxAnonymousSocketsPerAddress = 10
const maxAnonymousSockets = 200
/** Why a socket that joined without a signed-in user's token is refused and closed. */
const signInRequired = 'Unauthorized: Realtime is only for signed-in users'
/** Sign-out ends the channels of its session within this long, even when no change comes to end them sooner. */
const sessionCheckIntervalMs = 2000

/**
 * The part of Supabase Realtime that `@supabase/realtime-js` uses for `postgres_changes`:
 * Phoenix channels over WebSocket, fed by the capture triggers of change-capture.sql, each
 * change checked against each subscriber's row-level security before it is sent.
 */
export async function startRealtime({
  db,
  keys,
  log,
  idleTimeoutMs = 60_000,
  anonymousGraceMs = 10_000,
  trustedProxies,
}: RealtimeOptions): Promise<RealtimeServer> {
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  const connections = new Set<Connection>()
  const lookupTable = tableCatalog()
  let nextBindingId = 1
  let closing = false

  const openChannels = (): Subscriber[] =>
    [...connections].flatMap((connection) => [...connection.channels.values()].map((channel) => ({ connection, channel })))
  const subscribers = () => openChannels().filter(({ channel }) => channel.bindings.length > 0)

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
    await checkSession(db, claims)
    return { role: claims.role as ApiRole, claims, expiresAt: claims.exp * 1000 }
  }

  /**
   * Ends the channels among `channels` whose token's session has ended and answers the others:
   * sign-out deletes the session, while the token issued for it stays valid until it expires.
   */
  async function withoutEndedSessions(client: SqlClient, channels: Subscriber[]): Promise<Subscriber[]> {
    const sessionIds = new Set(channels.flatMap(({ channel }) => sessionIdOf(channel.identity.claims) ?? []))
    if (sessionIds.size === 0) return channels
    const ended = await endedSessions(client, [...sessionIds])
    // The claims as they are now: a token update meanwhile has had its own session checked.
    return channels.filter(({ connection, channel }) => {
      const sessionId = sessionIdOf(channel.identity.claims)
      if (sessionId === undefined || !ended.has(sessionId)) return true
      if (connection.channels.get(channel.topic) === channel) shutDown(connection, channel, sessionEndedMessage)
      return false
    })
  }

  let sessionSweep: Promise<unknown> | undefined
  const sessionTimer = setInterval(() => {
    sessionSweep ??= withoutEndedSessions(db, openChannels())
      .catch((error: unknown) => log(`Realtime could not check its channels' sessions: ${(error as Error).message}`))
      .finally(() => {
        sessionSweep = undefined
      })
  }, sessionCheckIntervalMs)
  sessionTimer.unref()

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
    if (connection.channels.size >= maxChannelsPerSocket) {
      return reply(connection, message, 'error', { reason: 'ChannelRateLimitReached: Too many channels' })
    }

    const payload = asRecord(message.payload)
    const requested = asRecord(payload.config).postgres_changes
    const entries: unknown[] = Array.isArray(requested) ? requested : []
    const refuseBindings = (why: string) =>
      reply(connection, message, 'error', {
        reason: `RealtimeDisabledForConfiguration: Unable to subscribe to changes with given parameters: ${why}`,
      })
    if (entries.length > maxBindingsPerJoin) {
      return refuseBindings(`at most ${maxBindingsPerJoin} postgres_changes per channel, got ${entries.length}`)
    }

    const token = typeof payload.access_token === 'string' ? payload.access_token : connection.apikey
    let identity: Awaited<ReturnType<typeof identify>>
    connection.joinBeingChecked = true
    try {
      identity = await identify(token)
    } catch (error) {
      reply(connection, message, 'error', { reason: `InvalidJWTToken: ${(error as Error).message}` })
      return closeIfAnonymous(connection)
    } finally {
      connection.joinBeingChecked = false
    }
    if (identity.role === 'anon') {
      reply(connection, message, 'error', { reason: signInRequired })
      return closeIfAnonymous(connection)
    }
    if (!connection.signedIn) {
      const tooMany = overSignedInLimit(connection.address)
      if (tooMany) {
        reply(connection, message, 'error', { reason: `ConnectionRateLimitReached: ${tooMany}` })
        return closeIfAnonymous(connection)
      }
      signIn(connection)
    }

    const ids = entries.map(() => nextBindingId++)
    const bindings: PostgresChangesBinding[] = []
    try {
      for (const [i, entry] of entries.entries()) bindings.push(await parseBinding(db, entry, ids[i] as number, lookupTable))
    } catch (error) {
      if (!(error instanceof BindingRejected)) throw error
      return refuseBindings(error.message)
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

  async function refreshToken(connection: Connection, channel: Channel, payload: unknown): Promise<void> {
    const token = asRecord(payload).access_token
    if (typeof token !== 'string' || token === channel.token) return
    try {
      const identity = await identify(token)
      if (connection.channels.get(channel.topic) !== channel) return
      // supabase-js sends the anon key once its user signs out.
      if (identity.role === 'anon') shutDown(connection, channel, signInRequired)
      else adoptToken(connection, channel, token, identity)
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

  /** Why one more signed-in socket from `address` is refused, or undefined when it is welcome. */
  function overSignedInLimit(address: string): string | undefined {
    const signedIn = [...connections].filter((connection) => connection.signedIn)
    if (signedIn.length >= maxSignedInSockets) return 'Too many connections'
    const fromAddress = signedIn.filter((connection) => connection.address === address).length
    return fromAddress >= maxSignedInSocketsPerAddress ? 'Too many connections from this address' : undefined
  }

  function signIn(connection: Connection): void {
    connection.signedIn = true
    clearTimeout(connection.graceTimer)
    connection.graceTimer = undefined
  }

  /** Students never use Realtime: an anonymous socket whose join failed has nothing more to do here. */
  function closeIfAnonymous(connection: Connection): void {
    if (!connection.signedIn) connection.ws.close(1008, signInRequired)
  }

  /**
   * Room for one more anonymous socket from `address`: when its share or the whole anonymous
   * budget is taken, the oldest anonymous socket (of that address, or of any) that is not having
   * a join checked is closed. Sets iterate in insertion order, so the first found is the oldest.
   */
  function makeRoomForAnonymous(address: string): void {
    const anonymous = [...connections].filter(
      (connection) => !connection.signedIn && connection.ws.readyState === connection.ws.OPEN,
    )
    const fromAddress = anonymous.filter((connection) => connection.address === address)
    const evict = (among: Connection[]) => {
      const oldest = among.find((connection) => !connection.joinBeingChecked)
      if (!oldest) return
      oldest.ws.close(1008, 'Too many anonymous connections')
      anonymous.splice(anonymous.indexOf(oldest), 1)
    }
    if (fromAddress.length >= maxAnonymousSocketsPerAddress) evict(fromAddress)
    if (anonymous.length >= maxAnonymousSockets) evict(anonymous)
  }

  function accept(ws: WebSocket, address: string, vsn: SerializerVersion, apikey: string, signedIn: boolean): void {
    if (!signedIn) makeRoomForAnonymous(address)
    const connection: Connection = {
      ws,
      address,
      vsn,
      apikey,
      signedIn,
      joinBeingChecked: false,
      channels: new Map(),
      inbox: Promise.resolve(),
      idleTimer: setTimeout(() => ws.terminate(), idleTimeoutMs).unref(),
      graceTimer: signedIn ? undefined : setTimeout(() => closeIfAnonymous(connection), anonymousGraceMs).unref(),
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
      clearTimeout(connection.graceTimer)
      for (const channel of [...connection.channels.values()]) dropChannel(connection, channel)
    })
  }

  async function deliver(tx: SqlClient, batch: CapturedChange[]): Promise<void> {
    // Checked for every batch, so that nothing made after a sign-out reaches its channels.
    const current = await withoutEndedSessions(tx, subscribers())
    const changes: ChangeToCheck[] = []
    for (const change of batch) {
      const table = await lookupTable(tx, change.schema, change.table)
      if (table) changes.push({ change, table })
    }

    // Which bindings of which channel each change is for by schema, table and event, for the
    // identity the channel has now (even if a token update arrives meanwhile). Filters wait for
    // row-level security: they run only on rows the subscriber may see, so that nothing a filter
    // does (match, or take longer) can tell it anything of the others.
    const candidates = new Map<Subscriber, Candidate>()
    const audiences = new Map<string, Audience>()
    for (const subscriber of current) {
      const { identityKey, identity } = subscriber.channel
      const bindings = new Map<number, PostgresChangesBinding[]>()
      for (const [position, { change }] of changes.entries()) {
        const covering = subscriber.channel.bindings.filter((binding) => bindingCovers(binding, change))
        if (covering.length === 0) continue
        bindings.set(position, covering)
        const audience = audiences.get(identityKey) ?? { identity, positions: new Set() }
        audience.positions.add(position)
        audiences.set(identityKey, audience)
      }
      if (bindings.size > 0) candidates.set(subscriber, { identityKey, bindings })
    }
    if (candidates.size === 0) return

    const visible = await visibleToAudiences(tx, changes, audiences, (error) =>
      log(`Realtime could not check row-level security for a subscriber: ${error.message}`),
    )
    const filtered = await applyFilters(tx, changes, candidates, visible)

    // In change order, so every socket sees changes in the order they were made.
    for (const [position, { change, table }] of changes.entries()) {
      let data: string | undefined
      for (const [{ connection, channel }, matches] of filtered) {
        const ids = matches.get(position)
        if (!ids || connection.channels.get(channel.topic) !== channel) continue
        data ??= changeData(change, table)
        push(connection, channel, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${data}}`)
      }
    }
  }

  /**
   * By position, the ids of each candidate's bindings for the changes its audience may see and
   * its filters let through. A filter is evaluated once per audience (subscribers who see the
   * same rows) and batch; should one fail, only the channels holding it are ended, and the
   * others still get their changes.
   */
  async function applyFilters(
    tx: SqlClient,
    changes: ChangeToCheck[],
    candidates: Map<Subscriber, Candidate>,
    visible: Map<string, Set<number>>,
  ): Promise<Map<Subscriber, Map<number, number[]>>> {
    const seen = [...candidates].map(([subscriber, { identityKey, bindings }]) => ({
      subscriber,
      identityKey,
      bindings: [...bindings].filter(([position]) => visible.get(identityKey)?.has(position)),
    }))

    // By audience and table: the filters held there, and the positions they are to be tried on.
    const groups = new Map<
      string,
      { identityKey: string; table: RealtimeTable; filters: Map<string, ChangeFilter>; positions: Set<number> }
    >()
    for (const { identityKey, bindings } of seen) {
      for (const [position, covering] of bindings) {
        for (const { filter } of covering) {
          if (!filter) continue
          const groupKey = `${identityKey}|${filter.table.relation}`
          const group = groups.get(groupKey) ?? { identityKey, table: filter.table, filters: new Map(), positions: new Set() }
          group.filters.set(filter.key, filter)
          group.positions.add(position)
          groups.set(groupKey, group)
        }
      }
    }
    // A filter only compares values of rows its audience may read: it needs no role of theirs.
    if (groups.size > 0) await actAsStack(tx)
    const results = new Map<string, Set<number> | Error>()
    for (const { identityKey, table, filters, positions } of groups.values()) {
      const tried = [...positions]
      const records = tried.map((p) => (changes[p] as ChangeToCheck).change.record)
      for (const [filter, result] of await recordsMeetingFilters(tx, table, [...filters.values()], records)) {
        const met = result instanceof Error ? result : new Set([...result].map((i) => tried[i] as number))
        results.set(`${identityKey}|${filter.key}`, met)
      }
    }

    const filtered = new Map<Subscriber, Map<number, number[]>>()
    for (const { subscriber, identityKey, bindings } of seen) {
      const matches = new Map<number, number[]>()
      let failure: Error | undefined
      for (const [position, covering] of bindings) {
        const ids: number[] = []
        for (const { id, filter } of covering) {
          const met = filter && results.get(`${identityKey}|${filter.key}`)
          if (met instanceof Error) failure = met
          else if (!filter || met?.has(position)) ids.push(id)
        }
        if (ids.length > 0) matches.set(position, ids)
      }
      const { connection, channel } = subscriber
      if (failure) {
        log(`Realtime could not apply a filter of ${channel.topic}: ${failure.message}`)
        if (connection.channels.get(channel.topic) === channel)
          shutDown(connection, channel, `Unable to apply filter: ${failure.message}`)
      } else if (matches.size > 0) {
        filtered.set(subscriber, matches)
      }
    }
    return filtered
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
      const address = limitedAddress(clientAddress(req, trustedProxies))
      identify(apikey).then(
        ({ role }) => {
          if (closing) return refuse(socket, 503, 'Server is shutting down')
          // Only the service role's secret key makes a socket signed in from the start; anonymous
          // sockets are never refused here (see makeRoomForAnonymous).
          const signedIn = role !== 'anon'
          const tooMany = signedIn ? overSignedInLimit(address) : undefined
          if (tooMany) return refuse(socket, 429, tooMany)
          wss.handleUpgrade(req, socket, head, (ws) => accept(ws, address, vsn as SerializerVersion, apikey, signedIn))
        },
        (error: unknown) => refuse(socket, 403, `Invalid API key: ${(error as Error).message}`),
      )
    },
    close: async () => {
      closing = true
      clearInterval(sessionTimer)
      await feed.stop()
      await sessionSweep
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
