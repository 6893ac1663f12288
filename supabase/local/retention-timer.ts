import type { SqlDatabase } from './db.ts'

const hourMs = 60 * 60 * 1000
/** How often the local stack submits silent attempts from the server's copy (hosted: pg_cron, every minute). */
export const serverCopyEveryMs = 30_000

/**
 * Runs `sql` now and every `everyMs` until stopped; a failure is logged and the next run tries
 * again. The timer never keeps the process alive.
 */
function startSqlTimer(db: SqlDatabase, sql: string, failure: string, log: (line: string) => void, everyMs: number): () => void {
  const run = () => db.query(sql).catch((error: unknown) => log(`${failure}: ${(error as Error).message}`))
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}

/** Hosted Supabase runs public.apply_retention() with pg_cron; PGlite has none, so a timer does it. */
export function startRetentionTimer(db: SqlDatabase, log: (line: string) => void, everyMs = hourMs): () => void {
  return startSqlTimer(db, 'select public.apply_retention()', 'Retention clean-up failed', log, everyMs)
}

/**
 * Submits every attempt whose device fell silent past its deadline from the server's copy
 * (public.submit_from_server_copies), as pg_cron does every minute on hosted Supabase. 0 turns it
 * off (the integration tests call the function when they mean it).
 */
export function startServerCopyTimer(db: SqlDatabase, log: (line: string) => void, everyMs = serverCopyEveryMs): () => void {
  if (everyMs === 0) return () => {}
  return startSqlTimer(
    db,
    'select public.submit_from_server_copies()',
    'Submitting silent attempts from the server copy failed',
    log,
    everyMs,
  )
}

/**
 * HOLDFAST_SERVER_COPY_EVERY_MS: how often the server-copy timer runs, in milliseconds (0: never);
 * undefined when the variable is not set. Anything but a whole number is refused.
 */
export function serverCopyEveryMsFromEnv(value = process.env.HOLDFAST_SERVER_COPY_EVERY_MS): number | undefined {
  if (value === undefined || value.trim() === '') return undefined
  if (!/^\d+$/.test(value.trim())) {
    throw new Error(`HOLDFAST_SERVER_COPY_EVERY_MS must be a whole number of milliseconds (0 turns the timer off), not "${value}"`)
  }
  return Number(value.trim())
}
