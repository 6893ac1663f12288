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

/** A connection inside a transaction. */
export interface TransactionClient extends SqlClient {
  /**
   * Runs the transaction's last statement: on PostgreSQL it travels with COMMIT in one simple
   * query (with BEGIN and the opening too when nothing went before it), so a request of one
   * statement is one round trip. Nothing may run in the transaction after it, and nothing can undo
   * it: a check that should roll the transaction back must come before. On PGlite, whose
   * statement timeout is judged after a statement ends (`holdingStatementTimeout`), COMMIT still
   * follows on its own.
   */
  queryAndCommit<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
}

/** Stops listening. */
export type Unlisten = () => Promise<void>

/** The database behind the local stack. Each request runs in one `transaction`. */
export interface SqlDatabase extends SqlClient {
  /**
   * Runs `work` in a transaction, starting with `opening` (statements without parameters) sent
   * together with BEGIN and with the first statement of `work` (its parameters written in,
   * `withParametersInlined`), so that what every request sets up costs no round trip of its own
   * and a request of one statement, such as an RPC, costs one round trip with its COMMIT
   * (`queryAndCommit`).
   */
  transaction<T>(work: (tx: TransactionClient) => Promise<T>, opening?: string): Promise<T>
  /**
   * `tx`, on which `statement_timeout` (here `timeoutMs`, 0 for none, as the transaction has set
   * it) holds: a statement that runs longer fails with PostgreSQL's 57014 and takes the
   * transaction down with it.
   */
  holdingStatementTimeout(tx: TransactionClient, timeoutMs: number): TransactionClient
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
        const statements = batchedStatements(client(tx), opening, { commitsWithLast: false })
        const result = await work(statements)
        await statements.flush()
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
      const tx = batchedStatements(client(connection), opening ? `begin; ${opening}` : 'begin', { commitsWithLast: true })
      let broken = false
      try {
        const result = await work(tx)
        if (tx.committed) return result
        await tx.flush()
        // PostgreSQL answers COMMIT of a transaction that hit an error with ROLLBACK, not an
        // error; PGlite throws 25P02 there, and callers rely on the commit failing loudly. (With
        // its statement, in one simple query, COMMIT never runs after an error: the error ends it.)
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
 * written in when they can be) rather than in a round trip of its own, and, `commitsWithLast`,
 * the last statement with COMMIT. `flush` sends `opening` when no statement came; `sent` says
 * whether it went, `committed` whether COMMIT did.
 */
function batchedStatements(
  tx: ScriptClient,
  opening: string | undefined,
  { commitsWithLast }: { commitsWithLast: boolean },
): TransactionClient & { flush(): Promise<void>; readonly sent: boolean; readonly committed: boolean } {
  let pending = opening
  let ended = false
  let committed = false
  /** `statements` in one simple query, after the opening if it has not gone yet; answers each one's result. */
  const sendWithOpening = async (statements: string[]) => {
    const script = pending === undefined ? statements : [pending, ...statements]
    pending = undefined
    return (await tx.script(script.join(';\n'))).slice(-statements.length)
  }
  const checkNotEnded = () => {
    if (ended) throw new Error('The transaction already ran its last statement')
  }
  const query = async <Row>(sql: string, params: unknown[] = []): Promise<QueryResult<Row>> => {
    checkNotEnded()
    if (pending === undefined) return tx.query<Row>(sql, params)
    const inlined = withParametersInlined(sql, params)
    if (inlined !== undefined) return (await sendWithOpening([inlined]))[0] as QueryResult<Row>
    await sendWithOpening([])
    return tx.query<Row>(sql, params)
  }
  return {
    query,
    exec: async (sql: string) => {
      checkNotEnded()
      if (pending === undefined) await tx.exec(sql)
      else await sendWithOpening([sql])
    },
    queryAndCommit: async <Row>(sql: string, params: unknown[] = []) => {
      const inlined = commitsWithLast && !ended ? withParametersInlined(sql, params) : undefined
      if (inlined === undefined) {
        const result = await query<Row>(sql, params)
        ended = true
        return result
      }
      ended = true
      const [result] = await sendWithOpening([inlined, 'commit'])
      committed = true
      return result as QueryResult<Row>
    },
    flush: async () => {
      if (pending !== undefined) await sendWithOpening([])
    },
    get sent() {
      return pending === undefined
    },
    get committed() {
      return committed
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
function failingStatementsSlowerThan(tx: TransactionClient, timeoutMs: number): TransactionClient {
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
    queryAndCommit: <Row>(sql: string, params?: unknown[]) => timed(() => tx.queryAndCommit<Row>(sql, params)),
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
