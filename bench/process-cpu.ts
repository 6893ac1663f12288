import { readdirSync, readFileSync } from 'node:fs'
import type { SqlDatabase } from '../supabase/local/db.ts'

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const ticksPerSecond = 100

/**
 * The CPU time so far, in milliseconds, of the PostgreSQL server behind `db` (its postmaster and
 * every process it started: the pool's backends, the writers, autovacuum's workers), when that
 * server runs on this machine and /proc shows it; undefined otherwise. A process that has ended
 * counts too (the postmaster's time of its children it has waited for), so that a connection
 * closed or a vacuum finished between two readings does not take its time out of the difference.
 */
export async function postgresServerCpuMs(db: SqlDatabase): Promise<number | undefined> {
  const { rows } = await db.query<{ pid: number }>('select pg_backend_pid() as pid')
  const postmaster = rows[0] && processStat(rows[0].pid)?.parent
  if (postmaster === undefined) return undefined
  let ticks = 0
  for (const entry of readdirSync('/proc')) {
    const stat = /^\d+$/.test(entry) ? processStat(Number(entry)) : undefined
    if (stat?.pid === postmaster) ticks += stat.cpuTicks + stat.endedChildrenTicks
    else if (stat?.parent === postmaster) ticks += stat.cpuTicks
  }
  return (ticks * 1000) / ticksPerSecond
}

function processStat(pid: number): { pid: number; parent: number; cpuTicks: number; endedChildrenTicks: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8')
    // After the command name in parentheses: state, ppid, … utime (14th field), stime (15th), and
    // cutime, cstime (16th, 17th): the time of the children it has waited for.
    const fields = text.slice(text.lastIndexOf(')') + 2).split(' ')
    return {
      pid,
      parent: Number(fields[1]),
      cpuTicks: Number(fields[11]) + Number(fields[12]),
      endedChildrenTicks: Number(fields[13]) + Number(fields[14]),
    }
  } catch {
    return undefined
  }
}
