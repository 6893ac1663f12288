// Where submit_exam's time in the database goes: PostgreSQL's own count of the time spent in each
// function (pg_stat_user_functions, with track_functions = all), on PGlite and on PostgreSQL.
// The time is elapsed in the database's process, so a wait for a lock or for a core counts too:
// the shares, not the milliseconds, are what a loaded machine leaves comparable.
import type { SqlDatabase } from '../supabase/local/db.ts'

export interface FunctionTime {
  name: string
  calls: number
  /** Milliseconds in the function, the functions it called included. */
  totalMs: number
  /** Milliseconds in the function itself. */
  selfMs: number
}

/**
 * Counts the time of every function from now on: for every connection of a PostgreSQL server
 * (a setting of the whole throwaway cluster, taken at each connection's next statement), or for
 * PGlite's one connection.
 */
export async function trackFunctionTimes(db: SqlDatabase, onPostgres: boolean): Promise<void> {
  if (onPostgres) {
    await db.exec(`alter system set track_functions = 'all'`)
    await db.exec('select pg_reload_conf()')
  } else {
    await db.exec(`set track_functions = 'all'`)
  }
}

/** The time counted so far for every function called at least once. */
export async function functionTimes(db: SqlDatabase): Promise<Map<string, FunctionTime>> {
  // This connection's own counts are sent at once; the others' within seconds of their last statement.
  await db.exec('select pg_stat_force_next_flush()')
  const { rows } = await db.query<FunctionTime>(
    `select schemaname || '.' || funcname as name, calls::int as calls, total_time::float8 as "totalMs", self_time::float8 as "selfMs"
       from pg_stat_user_functions`,
  )
  return new Map(rows.map((row) => [row.name, row]))
}

/**
 * The time counted so far, once `name` has been counted at least `calls` times in all: a busy
 * connection reports its counts only when it has been idle for a moment, so this asks again for
 * up to `patienceMs`.
 */
export async function functionTimesOnceCounted(
  db: SqlDatabase,
  name: string,
  calls: number,
  patienceMs = 30_000,
): Promise<Map<string, FunctionTime>> {
  const giveUpAt = performance.now() + patienceMs
  for (;;) {
    const times = await functionTimes(db)
    if ((times.get(name)?.calls ?? 0) >= calls || performance.now() > giveUpAt) return times
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

/** The time counted between two readings, for each function called in between. */
export function functionTimesBetween(before: Map<string, FunctionTime>, after: Map<string, FunctionTime>): FunctionTime[] {
  return [...after.values()]
    .map((time) => {
      const earlier = before.get(time.name)
      return {
        name: time.name,
        calls: time.calls - (earlier?.calls ?? 0),
        totalMs: time.totalMs - (earlier?.totalMs ?? 0),
        selfMs: time.selfMs - (earlier?.selfMs ?? 0),
      }
    })
    .filter((time) => time.calls > 0)
}

/**
 * Each function that took at least 1 % of `root`'s time, as lines: milliseconds per call of
 * `root`, in the function with what it called and in itself, and those as shares of `root`'s.
 * The self shares add up to 100 %.
 */
export function functionShares(times: FunctionTime[], root: string): string[] {
  const rootTime = times.find((time) => time.name === root)
  if (!rootTime) return [`no time counted for ${root}`]
  const per = (ms: number) => (ms / rootTime.calls).toFixed(3).padStart(7)
  const share = (ms: number) => `${((ms / rootTime.totalMs) * 100).toFixed(0).padStart(3)} %`
  return [
    '  total ms  share   self ms  share   calls each  function',
    ...times
      .filter((time) => time.totalMs >= rootTime.totalMs / 100)
      .sort((a, b) => b.totalMs - a.totalMs)
      .map(
        (time) =>
          `   ${per(time.totalMs)}  ${share(time.totalMs)}   ${per(time.selfMs)}  ${share(time.selfMs)}   ` +
          `${(time.calls / rootTime.calls).toFixed(1).padStart(10)}  ${time.name}`,
      ),
  ]
}
