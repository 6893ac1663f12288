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
 * Runs `work` in one transaction as PostgREST does: role and claims are transaction-local
 * settings, so they can never leak into the next request on the same connection.
 */
export function runAs<T>(db: SqlDatabase, identity: RequestIdentity, work: (tx: SqlClient) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await actAs(tx, identity)
    return work(tx)
  })
}

/** Makes the rest of the transaction act as `identity` (it may switch again: Realtime checks several subscribers in one). */
export async function actAs(tx: SqlClient, identity: RequestIdentity): Promise<void> {
  await tx.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true), set_config('request.headers', $3, true)`,
    [identity.role, JSON.stringify(identity.claims), JSON.stringify(identity.headers ?? {})],
  )
}
