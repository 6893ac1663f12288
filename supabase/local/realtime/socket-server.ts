import { STATUS_CODES, type IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocketServer, type WebSocket } from 'ws'
import { clientAddress, limitedAddress, type TrustedProxies } from '../client-address.ts'
import type { ChannelMessageHandler } from './channel-joins.ts'
import type { Identify } from './channel-tokens.ts'
import { closeIfAnonymous, dropChannel, reply, type Connection } from './connection.ts'
import { decodeFrame, serializerVersions, type SerializerVersion } from './phoenix-frames.ts'
import type { SocketBudget } from './socket-budget.ts'

export const realtimePath = '/realtime/v1/websocket'

/**
 * What one socket may send is bounded, because every binding is work done for every change of
 * its table: one anonymous join with 10,000 filters once made each change cost 1.7 s. A join
 * with a token and a few bindings is 2-3 KB; a frame over this closes the socket (1009).
 */
const maxFrameBytes = 64 * 1024
const closeGraceMs = 1000

export interface SocketServerContext {
  /** The server's live set of connections, which this adds to and removes from. */
  connections: Set<Connection>
  budget: SocketBudget
  identify: Identify
  handle: ChannelMessageHandler
  trustedProxies: TrustedProxies
  idleTimeoutMs: number
  anonymousGraceMs: number
  log: (line: string) => void
}

export interface SocketServer {
  /** For the HTTP server's `upgrade` event: serves `/realtime/v1/websocket`, refuses anything else. */
  handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void
  /** From now on, upgrades are refused (503). */
  stopAccepting(): void
  /** Closes every socket (their clients reconnect to the next server). */
  close(): Promise<void>
}

/** Admits sockets at the HTTP upgrade, within the budget; reads their frames; closes them. */
export function socketServer(context: SocketServerContext): SocketServer {
  const { connections, budget, identify, trustedProxies } = context
  const wss = new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes })
  let closing = false

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
          const tooMany = signedIn ? budget.signedInRefusal(address) : undefined
          if (tooMany) return refuse(socket, 429, tooMany)
          wss.handleUpgrade(req, socket, head, (ws) =>
            serve(context, { ws, address, vsn: vsn as SerializerVersion, apikey, signedIn }),
          )
        },
        (error: unknown) => refuse(socket, 403, `Invalid API key: ${(error as Error).message}`),
      )
    },
    stopAccepting: () => {
      closing = true
    },
    close: async () => {
      closing = true
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

interface AcceptedSocket {
  ws: WebSocket
  address: string
  vsn: SerializerVersion
  apikey: string
  signedIn: boolean
}

/** Adds the socket to the connections and reads its frames until it closes. */
function serve(
  { connections, budget, handle, idleTimeoutMs, anonymousGraceMs, log }: SocketServerContext,
  { ws, address, vsn, apikey, signedIn }: AcceptedSocket,
): void {
  if (!signedIn) budget.makeRoomForAnonymous(address)
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

function refuse(socket: Duplex, status: number, reason: string): void {
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nConnection: close\r\nContent-Type: text/plain; charset=utf-8\r\n` +
      `Content-Length: ${Buffer.byteLength(reason)}\r\n\r\n${reason}`,
  )
}
