import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import type { SqlDatabase } from '../db.ts'
import type { JwtKeys } from '../keys.ts'
import type { TrustedProxies } from '../client-address.ts'
import { startChangeFeed } from './change-capture.ts'
import { changeDelivery } from './change-delivery.ts'
import { channelMessageHandler } from './channel-joins.ts'
import { startSessionSweep, tokenIdentifier } from './channel-tokens.ts'
import { endChannel, openChannels, subscribers, type Connection } from './connection.ts'
import { socketBudget } from './socket-budget.ts'
import { socketServer } from './socket-server.ts'
import { tableCatalog } from './table-catalog.ts'

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

/**
 * The part of Supabase Realtime that `@supabase/realtime-js` uses for `postgres_changes`:
 * Phoenix channels over WebSocket (socket-server.ts, within socket-budget.ts), joined with a
 * signed-in user's token (channel-joins.ts, channel-tokens.ts), fed by the capture triggers of
 * change-capture.sql, each change checked against each subscriber's row-level security and
 * filters before it is sent (change-delivery.ts).
 */
export async function startRealtime({
  db,
  keys,
  log,
  idleTimeoutMs = 60_000,
  anonymousGraceMs = 10_000,
  trustedProxies,
}: RealtimeOptions): Promise<RealtimeServer> {
  const connections = new Set<Connection>()
  const lookupTable = tableCatalog()
  const budget = socketBudget(connections)
  const identify = tokenIdentifier(db, keys)
  const handle = channelMessageHandler({ db, identify, budget, lookupTable })
  const sockets = socketServer({ connections, budget, identify, handle, trustedProxies, idleTimeoutMs, anonymousGraceMs, log })

  const feed = await startChangeFeed(db, {
    wanted: () => subscribers(connections).length > 0,
    deliver: changeDelivery({ lookupTable, subscribers: () => subscribers(connections), log }),
    // Changes may have been missed: as when a Realtime channel process crashes, each channel
    // gets phx_error, and its client rejoins (and refetches what it shows).
    onGap: () => {
      for (const { connection, channel } of subscribers(connections)) endChannel(connection, channel, 'phx_error')
    },
    log,
  })
  const sessionSweep = startSessionSweep(db, () => openChannels(connections), log)

  return {
    handleUpgrade: sockets.handleUpgrade,
    close: async () => {
      sockets.stopAccepting()
      await Promise.all([sessionSweep.stop(), feed.stop()])
      await sockets.close()
    },
  }
}
