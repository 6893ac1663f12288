import type { SqlDatabase } from './db.ts'

const hourMs = 60 * 60 * 1000

/** Hosted Supabase runs public.apply_retention() with pg_cron; PGlite has none, so a timer does it. */
export function startRetentionTimer(db: SqlDatabase, log: (line: string) => void, everyMs = hourMs): () => void {
  const run = () =>
    db
      .query('select public.apply_retention()')
      .catch((error: unknown) => log(`Retention clean-up failed: ${(error as Error).message}`))
  void run()
  const timer = setInterval(run, everyMs)
  timer.unref()
  return () => clearInterval(timer)
}
