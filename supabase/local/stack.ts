import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createAuthApi } from './auth/auth-api.ts'
import { ensureFirstAdmin, type AdminCredentials } from './auth/admin-accounts.ts'
import { noTrustedProxies, publicOrigin, type TrustedProxies } from './client-address.ts'
import { createPrivateDir, restrictToOwner } from './data-dir.ts'
import { openPglite, openPostgres, type SqlDatabase } from './db.ts'
import { corsHeaders, securityHeaders, sendJson, type RouteHandler } from './http.ts'
import { loadJwtKeys, type JwtKeys } from './keys.ts'
import { migrate } from './migrate.ts'
import { installChangeCapture } from './realtime/change-capture.ts'
import { startRealtime, type RealtimeServer } from './realtime/realtime-server.ts'
import { createRestApi } from './rest/rest-api.ts'
import { serverCopyEveryMsFromEnv, startRetentionTimer, startServerCopyTimer } from './retention-timer.ts'
import { createStaticFiles } from './static-files.ts'

export interface StackOptions {
  port: number
  host?: string
  /** PGlite data directory (with databaseUrl: only the JWT secret's); in memory when absent. */
  dataDir?: string
  /** A PostgreSQL server to use instead of PGlite (`postgres://user:password@host:port/database`). */
  databaseUrl?: string
  /** Realtime closes a socket that sent nothing, not even a heartbeat, for this long (default 60 s). */
  realtimeIdleTimeoutMs?: number
  /** Realtime closes an anonymous socket that has not joined as a signed-in user within this long (default 10 s). */
  realtimeAnonymousGraceMs?: number
  /** Built app to serve with SPA fallback (dist/). */
  staticDir?: string
  /** The first administrator; generated and printed once when absent and none exists. */
  admin?: Partial<AdminCredentials>
  /** Reverse proxies whose X-Forwarded-For, -Host and -Proto are believed (HOLDFAST_TRUSTED_PROXIES); none by default. */
  trustedProxies?: TrustedProxies
  /**
   * How often attempts whose device fell silent past their deadline are submitted from the
   * server's copy: HOLDFAST_SERVER_COPY_EVERY_MS when absent, else every 30 s; 0 never.
   */
  serverCopyEveryMs?: number
  log?: (line: string) => void
}

export interface RunningStack {
  url: string
  anonKey: string
  serviceRoleKey: string
  adminEmail: string | undefined
  db: SqlDatabase
  keys: JwtKeys
  close(): Promise<void>
}

export class StackStartFailed extends Error {}

export async function startStack(options: StackOptions): Promise<RunningStack> {
  const log = options.log ?? (() => {})
  const trustedProxies = options.trustedProxies ?? noTrustedProxies
  let serverCopyEvery: number | undefined
  try {
    serverCopyEvery = options.serverCopyEveryMs ?? serverCopyEveryMsFromEnv()
  } catch (error) {
    throw new StackStartFailed((error as Error).message)
  }
  if (options.dataDir) await createPrivateDir(options.dataDir)
  const db = await openDatabase(options)
  try {
    await migrate(db)
    await installChangeCapture(db)
  } catch (error) {
    await db.close()
    throw new StackStartFailed((error as Error).message)
  }
  const keys = await loadJwtKeys(options.dataDir)
  if (options.dataDir) await restrictToOwner(options.dataDir)
  const adminEmail = await ensureFirstAdmin(db, options.admin ?? {}, log)

  const serveStatic = options.staticDir ? createStaticFiles(options.staticDir) : undefined
  const routes: Array<[prefix: string, handler: RouteHandler]> = [
    ['/rest/v1/', createRestApi({ db, keys, trustedProxies })],
    ['/auth/v1/', createAuthApi({ db, keys, trustedProxies })],
  ]
  // The app learns where the API is from the address it was itself loaded from (through
  // Vite's dev proxy that is the forwarded host), so one build works on any host and port.
  const serveConfig: RouteHandler = async (req, res) => {
    const { protocol, host } = publicOrigin(req, trustedProxies)
    sendJson(res, 200, { supabaseUrl: `${protocol}://${host}`, supabaseAnonKey: keys.anonKey }, { 'Cache-Control': 'no-cache' })
  }

  const server = createServer((req, res) => {
    void handle(req, res).catch((error: unknown) => {
      log(`Unhandled error for ${req.method} ${req.url}: ${(error as Error).stack ?? String(error)}`)
      if (!res.headersSent) sendJson(res, 500, { code: 'XX000', message: 'Internal server error', details: null, hint: null })
      else res.end()
    })
  })

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for (const [name, value] of Object.entries({ ...corsHeaders, ...securityHeaders(publicOrigin(req, trustedProxies)) })) {
      res.setHeader(name, value)
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204).end()
      return
    }
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/config.json') return serveConfig(req, res, url)
    for (const [prefix, handler] of routes) {
      if (url.pathname.startsWith(prefix) || url.pathname === prefix.slice(0, -1)) return handler(req, res, url)
    }
    if (serveStatic && (req.method === 'GET' || req.method === 'HEAD')) return serveStatic(req, url.pathname, res)
    sendJson(res, 404, {
      code: 'PGRST125',
      message: `Invalid path specified in request URL: ${url.pathname}`,
      details: null,
      hint: null,
    })
  }

  let realtime: RealtimeServer
  try {
    realtime = await startRealtime({
      db,
      keys,
      log,
      idleTimeoutMs: options.realtimeIdleTimeoutMs,
      anonymousGraceMs: options.realtimeAnonymousGraceMs,
      trustedProxies,
    })
  } catch (error) {
    await db.close()
    throw error
  }
  server.on('upgrade', (req, socket, head) => realtime.handleUpgrade(req, socket, head))

  try {
    await listen(server, options.port, options.host ?? '127.0.0.1')
  } catch (error) {
    await realtime.close()
    await db.close()
    throw error
  }
  const stopRetention = startRetentionTimer(db, log)
  const stopServerCopies = startServerCopyTimer(db, log, serverCopyEvery)
  const { port } = server.address() as AddressInfo
  return {
    url: `http://${options.host ?? '127.0.0.1'}:${port}`,
    anonKey: keys.anonKey,
    serviceRoleKey: keys.serviceRoleKey,
    adminEmail,
    db,
    keys,
    close: async () => {
      stopRetention()
      stopServerCopies()
      await realtime.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await db.close()
    },
  }
}

async function openDatabase({ dataDir, databaseUrl }: StackOptions): Promise<SqlDatabase> {
  if (databaseUrl) {
    try {
      return await openPostgres(databaseUrl)
    } catch (error) {
      throw new StackStartFailed(`Could not connect to the PostgreSQL server of DATABASE_URL: ${(error as Error).message}`)
    }
  }
  try {
    return await openPglite(dataDir)
  } catch (error) {
    throw new StackStartFailed(
      `Could not open the database in ${dataDir}: ${(error as Error).message}. ` +
        'The data directory may be corrupt or from another PGlite version: move it away to start fresh.',
    )
  }
}

function listen(server: ReturnType<typeof createServer>, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new StackStartFailed(`Port ${port} is already in use. Stop the other server or set PORT to a free port.`)
          : error,
      ),
    )
    // Node's default backlog (511) overflows when a room of students submits at the bell:
    // connections beyond it are dropped or reset before the server ever sees them.
    server.listen({ port, host, backlog: 4096 }, () => resolve())
  })
}
