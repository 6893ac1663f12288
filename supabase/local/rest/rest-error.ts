/** An error in PostgREST's JSON shape, with the HTTP status PostgREST would answer. */
export class RestError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: string | null = null,
    readonly hint: string | null = null,
  ) {
    super(message)
  }

  toJSON() {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint }
  }
}

export function parseError(message: string, details: string | null = null): RestError {
  return new RestError(400, 'PGRST100', message, details)
}

interface PostgresError {
  code?: string
  message: string
  detail?: string
  hint?: string
}

/** PostgREST's mapping of SQLSTATE to HTTP status. */
export function statusForSqlState(sqlState: string, role: string): number {
  if (sqlState === '42501') return role === 'anon' ? 401 : 403
  if (sqlState === '23503' || sqlState === '23505') return 409
  if (sqlState === 'P0001') return 400
  if (sqlState.startsWith('P0')) return 500
  if (sqlState === '42883' || sqlState === '42P01') return 404
  if (sqlState.startsWith('08') || sqlState.startsWith('53')) return 503
  if (sqlState === '25006') return 405
  if (sqlState.startsWith('57')) return 500
  return 400
}

export function fromPostgresError(error: unknown, role: string): RestError {
  if (error instanceof RestError) return error
  const pg = error as PostgresError
  if (typeof pg?.code !== 'string') throw error
  return new RestError(statusForSqlState(pg.code, role), pg.code, pg.message, pg.detail ?? null, pg.hint ?? null)
}
