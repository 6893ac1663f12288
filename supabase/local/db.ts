import { PGlite } from '@electric-sql/pglite'
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto'

export interface QueryResult<Row> {
  rows: Row[]
  affectedRows?: number
}

/** What request handlers need from a connection: parameterised queries and plain scripts. */
export interface SqlClient {
  query<Row = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<Row>>
  exec(sql: string): Promise<void>
}

/** The database behind the local stack. Each request runs in one `transaction`. */
export interface SqlDatabase extends SqlClient {
  transaction<T>(work: (tx: SqlClient) => Promise<T>): Promise<T>
  close(): Promise<void>
}

/** Opens PGlite in `dataDir`, or in memory when `dataDir` is undefined. */
export async function openPglite(dataDir: string | undefined): Promise<SqlDatabase> {
  const pg = await PGlite.create({ dataDir, extensions: { pgcrypto } })
  const client = (target: Pick<PGlite, 'query' | 'exec'>): SqlClient => ({
    query: async <Row>(sql: string, params?: unknown[]) => {
      const result = await target.query<Row>(sql, params)
      return { rows: result.rows, affectedRows: result.affectedRows }
    },
    exec: async (sql: string) => {
      await target.exec(sql)
    },
  })
  return {
    ...client(pg),
    transaction: (work) => pg.transaction((tx) => work(client(tx))),
    close: () => pg.close(),
  }
}
