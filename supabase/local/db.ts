import { PGlite } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'
import { availableParallelism } from 'node:os'
import pg from 'pg'
import { withParametersInlined } from './inline-parameters.ts'

export interface QueryResult<Row> {
  rows: Row[]
  affectedRows?: number
}

/** What request handlers need from a connection: parameterised queries and plain scripts. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  exec(sql: string): Promise<void>
}

/** Stops listening. */
export type Unlisten = () => Promise<void>

/** The database behind the local stack. Each request runs in one `transaction`. */
export interface SqlDatabase extends SqlClient {
  /**
   * Runs `work` in a transaction, starting with `opening` (statements without parameters) sent
   * together with BEGIN and with the first statement of `work` (its parameters written in,
   * `withParametersInlined`), so that what every request sets up costs no round trip of its own
   * and a request of one statement, such as an RPC, costs one before its COMMIT.
   */
  transaction<T>(work: (tx: SqlClient) => Promise<T>, opening?: string): Promise<T>
  /**
   * `tx`, on which `statement_timeout` (here `timeoutMs`, 0 for none, as the transaction has set
   * it) holds: a statement that runs longer fails with PostgreSQL's 57014 and takes the
   * transaction down with it.
   */
  holdingStatementTimeout(tx: SqlClient, timeoutMs: number): SqlClient
  /**
   * Calls `onNotify` with the payload of every NOTIFY on `channel` (a lower-case identifier).
   * `onGap` is called when notifications may have been lost: the listening connection broke
   * and listens again.
   */
  listen(channel: string, onNotify: (payload: string) => void, onGap: () => void): Promise<Unlisten>
  close(): Promise<void>
}

/** Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<SqlDatabase> {
  const pglite = await PGlite.create({ dataDir, extensions: { pgcrypto, pg_trgm } })
  const client = (target: Pick<PGlite, 'query' | 'exec'>): ScriptClient => ({
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await target.query<Row>(sql, params)
      return { rows: result.rows, affectedRows: result.affectedRows }
    },
    exec: async (sql: string) => {
      await target.exec(sql)
    },
    script: async (sql: string) =>
      (await target.exec(sql)).map((result) => ({ rows: result.rows, affectedRows: result.affectedRows })),
  })
  return {
    ...client(pglite),
    // PGlite sends BEGIN itself; `opening` and the first statement follow as one simple query,
    // its cheapest form: a query with parameters is six calls into PGlite, a simple query two.
    transaction: (work, opening) =>
      pglite.transaction(async (tx) => {
        const first = openingWithFirstStatement(client(tx), opening)
        const result = await work(first)
        await first.flush()
        return result
      }),
    holdingStatementTimeout: failingStatementsSlowerThan,
    // In-process, so the listening "connection" can never break: no gaps.
    listen: async (channel, onNotify) => pglite.listen(checkedChannel(channel), onNotify),
    close: () => pglite.close(),
  }
}

/**
 * A real PostgreSQL server at `url`: a pool for requests (each transaction on one pooled
 * connection) and a dedicated connection per `listen`, reconnected when it breaks.
 */
export async function openPostgres(url: string, poolSize = defaultPoolSize()): Promise<SqlDatabase> {
  const pool = new pg.Pool({ connectionString: url, max: poolSize })
  // An idle pooled connection that breaks is dropped by the pool; the next query opens another.
  pool.on('error', () => {})
  try {
    await pool.query('select 1')
  } catch (error) {
    await pool.end()
    throw error
  }
  const client = (target: pg.Pool | pg.PoolClient): ScriptClient => ({
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await target.query(sql, params)
      return { rows: result.rows as Row[], affectedRows: result.rowCount ?? undefined }
    },
    exec: async (sql: string) => {
      await target.query(sql)
    },
    script: async (sql: string) =>
      [await target.query(sql)]
        .flat()
        .map((result) => ({ rows: result.rows as unknown[], affectedRows: result.rowCount ?? undefined })),
  })
  const listeners = new Set<Unlisten>()
  return {
    ...client(pool),
    transaction: async (work, opening) => {
      const connection = await pool.connect()
      const tx = openingWithFirstStatement(client(connection), opening ? `begin; ${opening}` : 'begin')
      let broken = false
      try {
        const result = await work(tx)
        await tx.flush()
        // PostgreSQL answers COMMIT of a transaction that hit an error with ROLLBACK, not an
        // error; PGlite throws 25P02 there, and callers rely on the commit failing loudly.
        const commit = await connection.query('commit')
        if (commit.command === 'ROLLBACK') throw new TransactionRolledBack()
        return result
      } catch (error) {
        if (tx.sent) {
          await connection.query('rollback').catch(() => {
            broken = true
          })
        }
        throw error
      } finally {
        connection.release(broken)
      }
    },
    // The server cancels a statement at the timeout itself.
    holdingStatementTimeout: (tx) => tx,
    listen: async (channel, onNotify, onGap) => {
      const unlisten = await listenOnOwnConnection(url, checkedChannel(channel), onNotify, onGap)
      const stop = async () => {
        listeners.delete(stop)
        await unlisten()
      }
      listeners.add(stop)
      return stop
    },
    close: async () => {
      await Promise.all([...listeners].map((stop) => stop()))
      await pool.end()
    },
  }
}

/** A client that also runs a script of several statements in one simple query, answering each one's result. */
interface ScriptClient extends SqlClient {
  script(sql: string): Promise<Array<QueryResult<unknown>>>
}

/**
 * `tx` on which `opening` goes out in one simple query with the first statement (its parameters
 * written in when they can be) rather than in a round trip of its own. `flush` sends `opening`
 * when no statement came; `sent` says whether it went.
 */
function openingWithFirstStatement(
  tx: ScriptClient,
  opening: string | undefined,
): SqlClient & { flush(): Promise<void>; readonly sent: boolean } {
  let pending = opening
  const sendOpening = async (statement?: string) => {
    const script = statement === undefined ? (pending as string) : `${pending};\n${statement}`
    pending = undefined
    return (await tx.script(script)).at(-1)
  }
  return {
    query: async <Row>(sql: string, params: unknown[] = []) => {
      if (pending === undefined) return tx.query<Row>(sql, params)
      const inlined = withParametersInlined(sql, params)
      if (inlined !== undefined) return (await sendOpening(inlined)) as QueryResult<Row>
      await sendOpening()
      return tx.query<Row>(sql, params)
    },
    exec: async (sql: string) => {
      if (pending === undefined) await tx.exec(sql)
      else await sendOpening(sql)
    },
    flush: async () => {
      if (pending !== undefined) await sendOpening()
    },
    get sent() {
      return pending === undefined
    },
  }
}

/**
 * Enough connections that the server's cores stay busy while some transactions wait on the
 * network or on a lock (PostgreSQL's rule of thumb: twice the cores, plus some; the cores of
 * this machine, which is often the database's too), and no more: each is a server process.
 * HOLDFAST_DB_POOL_SIZE overrides it.
 */
export function defaultPoolSize(env: NodeJS.ProcessEnv = process.env): number {
  const configured = env.HOLDFAST_DB_POOL_SIZE?.trim()
  if (!configured) return 2 * availableParallelism() + 8
  const size = Number(configured)
  if (!Number.isInteger(size) || size < 1)
    throw new Error(`HOLDFAST_DB_POOL_SIZE must be a whole number of connections, not "${configured}"`)
  return size
}

/**
 * PGlite runs in this thread with no timer to interrupt a statement, so it ignores
 * statement_timeout (a pg_sleep or a long scan runs to its end). Instead a statement that took
 * longer fails when it ends, with PostgreSQL's error: the client gets the same answer as from
 * PostgreSQL, only later, and the transaction rolls back what the statement did.
 */
function failingStatementsSlowerThan(tx: SqlClient, timeoutMs: number): SqlClient {
  if (timeoutMs === 0) return tx
  const timed = async <T>(statement: () => Promise<T>): Promise<T> => {
    const started = performance.now()
    const result = await statement()
    if (performance.now() - started > timeoutMs) throw new StatementTimeout()
    return result
  }
  return {
    query: <Row>(sql: string, params?: unknown[]) => timed(() => tx.query<Row>(sql, params)),
    exec: (sql: string) => timed(() => tx.exec(sql)),
  }
}

class StatementTimeout extends Error {
  readonly code = '57014'
  constructor() {
    super('canceling statement due to statement timeout')
  }
}

class TransactionRolledBack extends Error {
  readonly code = '25P02'
  constructor() {
    super('current transaction is aborted, commands ignored until end of transaction block')
  }
}

const reconnectDelayMs = 1000

async function listenOnOwnConnection(
  url: string,
  channel: string,
  onNotify: (payload: string) => void,
  onGap: () => void,
): Promise<Unlisten> {
  let stopped = false
  let current: pg.Client | undefined
  const connect = async () => {
    const connection = new pg.Client({ connectionString: url })
    connection.on('notification', (message) => {
      if (message.channel === channel) onNotify(message.payload ?? '')
    })
    // 'end' follows every error, and is where the connection is replaced.
    connection.on('error', () => {})
    try {
      await connection.connect()
      await connection.query(`listen ${channel}`)
    } catch (error) {
      await connection.end().catch(() => {})
      throw error
    }
    connection.on('end', () => {
      if (!stopped) void reconnect()
    })
    current = connection
  }
  const reconnect = async () => {
    current = undefined
    while (!stopped) {
      await new Promise((resolve) => setTimeout(resolve, reconnectDelayMs))
      if (stopped) return
      try {
        await connect()
        onGap()
        return
      } catch {
        // The server is still away: try again after the delay.
      }
    }
  }
  await connect()
  return async () => {
    stopped = true
    await current?.end()
  }
}

function checkedChannel(channel: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Not a plain lower-case channel name: ${channel}`)
  return channel
}
