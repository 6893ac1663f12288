import type { SqlClient, SqlDatabase, TransactionClient } from './db.ts'
import { quoteLiteral } from './inline-parameters.ts'

export type ApiRole = 'anon' | 'authenticated' | 'service_role'

const apiRoles: ApiRole[] = ['anon', 'authenticated', 'service_role']

/** Who a request acts as: the database role and the JWT claims it carries. */
export interface RequestIdentity {
  role: ApiRole
  claims: Record<string, unknown>
  /** The HTTP request's headers, as PostgREST hands them to SQL in `request.headers` (the client address among them). */
  headers?: Record<string, string>
}

export interface RequestRunner {
  /**
   * Runs `work` in one transaction as PostgREST does: role, claims and the role's statement
   * timeout are transaction-local settings, so they can never leak into the next request on the
   * same connection. They are set in one statement sent with BEGIN: on PostgreSQL each statement
   * is a round trip, on PGlite a trip through its wire protocol.
   */
  runAs<T>(identity: RequestIdentity, work: (tx: TransactionClient) => Promise<T>): Promise<T>
}

export function createRequestRunner(db: SqlDatabase): RequestRunner {
  const timeouts = roleStatementTimeouts(db)
  return {
    runAs: async (identity, work) => {
      const timeoutMs = (await timeouts.current()).get(identity.role) ?? 0
      return db.transaction(
        (tx) => work(db.holdingStatementTimeout(tx, timeoutMs)),
        `${actingAs(identity)}, set_config('statement_timeout', '${timeoutMs}', true)`,
      )
    },
  }
}

/** Makes the rest of the transaction act as `identity` (it may switch again: Realtime checks several subscribers in one). */
export async function actAs(tx: SqlClient, identity: RequestIdentity): Promise<void> {
  await tx.exec(actingAs(identity))
}

/**
 * The statement that switches to `identity`, its values written as literals so that it needs
 * no parameters and can travel with other statements in one simple query.
 */
function actingAs(identity: RequestIdentity): string {
  const setting = (name: string, value: string) => `set_config('${name}', ${quoteLiteral(value)}, true)`
  return `select ${setting('role', identity.role)}, ${setting('request.jwt.claims', JSON.stringify(identity.claims))}, ${setting(
    'request.headers',
    JSON.stringify(identity.headers ?? {}),
  )}`
}

/**
 * The statement timeouts hosted Supabase gives the API roles (`alter role anon set
 * statement_timeout = '3s'`, …), so that a query too slow for production fails here too.
 * service_role has none of its own and keeps the connection's.
 */
const supabaseStatementTimeouts: Record<ApiRole, string | null> = { anon: '3s', authenticated: '8s', service_role: null }

/**
 * The statement timeout of each API role in milliseconds (0: none). PostgREST applies the
 * `statement_timeout` a role is given with ALTER ROLE … SET to every request made as that role;
 * so does this, also taking one given IN DATABASE (first, as PostgreSQL does at login), which a
 * test can set without touching other databases. A role given none has Supabase's.
 * Like PostgREST, it reads them once and again after `NOTIFY pgrst, 'reload config'`: looking
 * them up in every request cost as much as switching the role.
 */
function roleStatementTimeouts(db: SqlDatabase): { current(): Promise<Map<ApiRole, number>> } {
  let loaded: Promise<Map<ApiRole, number>> | undefined
  let listening: Promise<unknown> | undefined
  const forget = () => {
    loaded = undefined
  }
  const listen = () =>
    db
      .listen(
        'pgrst',
        (payload) => {
          if (payload === 'reload config') forget()
        },
        forget,
      )
      .catch((error: unknown) => {
        listening = undefined
        throw error
      })
  return {
    current: () => {
      if (loaded) return loaded
      listening ??= listen()
      const loading = listening.then(() => loadRoleStatementTimeouts(db))
      // A failed load is tried again by the next request rather than failing every one after it.
      loading.catch(() => loaded === loading && forget())
      loaded = loading
      return loading
    },
  }
}

async function loadRoleStatementTimeouts(db: SqlDatabase): Promise<Map<ApiRole, number>> {
  const timeouts = new Map<ApiRole, number>()
  for (const role of apiRoles) {
    // Set for the transaction only, to read the value back as PostgreSQL understands it.
    const { rows } = await db.transaction((tx) =>
      tx.query<{ timeout_ms: number }>(
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
      ),
    )
    timeouts.set(role, rows[0]?.timeout_ms ?? 0)
  }
  return timeouts
}
