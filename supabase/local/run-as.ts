import type { SqlClient, SqlDatabase } from './db.ts'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

/** Who a request acts as: the database role and the JWT claims it carries. */
export interface RequestIdentity {
  role: ApiRole
  claims: Record<string, unknown>
  /** The HTTP request's headers, as PostgREST hands them to SQL in `request.headers` (the client address among them). */
  headers?: Record<string, string>
}

/**
 * Runs `work` in one transaction as PostgREST does: role, claims and the role's statement
 * timeout are transaction-local settings, so they can never leak into the next request on the
 * same connection.
 */
export function runAs<T>(db: SqlDatabase, identity: RequestIdentity, work: (tx: SqlClient) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    const timeoutMs = await limitStatementTime(tx, identity.role)
    await actAs(tx, identity)
    return work(db.holdingStatementTimeout(tx, timeoutMs))
  })
}

/**
 * The statement timeouts hosted Supabase gives the API roles (`alter role anon set
 * statement_timeout = '3s'`, …), so that a query too slow for production fails here too.
 * service_role has none of its own and keeps the connection's.
 */
const supabaseStatementTimeouts: Record<ApiRole, string | null> = { anon: '3s', authenticated: '8s', service_role: null }

/**
 * Sets the statement timeout of `role` for the rest of the transaction and returns it in
 * milliseconds (0: none). PostgREST applies the `statement_timeout` a role is given with ALTER
 * ROLE … SET to every request made as that role; so does this, also taking one given IN
 * DATABASE (first, as PostgreSQL does at login), which a test can set without touching other
 * databases. A role given none has Supabase's.
 */
async function limitStatementTime(tx: SqlClient, role: ApiRole): Promise<number> {
  const { rows } = await tx.query<{ timeout_ms: number }>(
    `select (extract(epoch from set_config('statement_timeout', coalesce(
       (select substr(setting, length('statement_timeout=') + 1)
          from pg_catalog.pg_db_role_setting, unnest(setconfig) as setting
         where setrole = to_regrole($1)
           and setdatabase in (0, (select oid from pg_catalog.pg_database where datname = current_database()))
           and setting like 'statement_timeout=%'
         order by setdatabase desc
         limit 1),
       $2,
       current_setting('statement_timeout')), true)::interval) * 1000)::int as timeout_ms`,
    [role, supabaseStatementTimeouts[role]],
  )
  return rows[0]?.timeout_ms ?? 0
}

/** Makes the rest of the transaction act as `identity` (it may switch again: Realtime checks several subscribers in one). */
export async function actAs(tx: SqlClient, identity: RequestIdentity): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true)`,
    [identity.role, JSON.stringify(identity.claims), JSON.stringify(identity.headers ?? {})],
  )
}
