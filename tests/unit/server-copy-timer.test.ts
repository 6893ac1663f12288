import { afterEach, describe, expect, it, vi } from 'vitest'
import type { SqlDatabase } from '../../supabase/local/db.ts'
import { serverCopyEveryMsFromEnv, startServerCopyTimer } from '../../supabase/local/retention-timer.ts'

/**
 * The local stack's stand-in for hosted Supabase's pg_cron job (issue 26): it submits silent
 * attempts from the server's copy now and every 30 s, or as HOLDFAST_SERVER_COPY_EVERY_MS says.
 */

function fakeDatabase(fail = false) {
  const queries: string[] = []
  const db = {
    query: (sql: string) => {
      queries.push(sql)
      return fail ? Promise.reject(new Error('database gone')) : Promise.resolve({ rows: [] })
    },
  } as unknown as SqlDatabase
  return { db, queries }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the server-copy timer', () => {
  it('runs public.submit_from_server_copies() at once and every 30 s until stopped', () => {
    vi.useFakeTimers()
    const { db, queries } = fakeDatabase()
    const stop = startServerCopyTimer(db, () => {})
    expect(queries).toEqual(['select public.submit_from_server_copies()'])
    vi.advanceTimersByTime(29_999)
    expect(queries).toHaveLength(1)
    vi.advanceTimersByTime(1)
    expect(queries).toHaveLength(2)
    stop()
    vi.advanceTimersByTime(60_000)
    expect(queries).toHaveLength(2)
  })

  it('runs at the interval given, never when it is 0, and logs a failure without stopping', async () => {
    vi.useFakeTimers()
    const { db, queries } = fakeDatabase(true)
    const lines: string[] = []
    const stop = startServerCopyTimer(db, (line) => lines.push(line), 1000)
    await vi.advanceTimersByTimeAsync(2000)
    expect(queries).toHaveLength(3)
    expect(lines[0]).toBe('Submitting silent attempts from the server copy failed: database gone')
    stop()

    const never = fakeDatabase()
    startServerCopyTimer(never.db, () => {}, 0)()
    await vi.advanceTimersByTimeAsync(60_000)
    expect(never.queries).toEqual([])
  })

  it('reads HOLDFAST_SERVER_COPY_EVERY_MS as whole milliseconds, unset as the default, and refuses anything else', () => {
    expect(serverCopyEveryMsFromEnv(undefined)).toBeUndefined()
    expect(serverCopyEveryMsFromEnv(' ')).toBeUndefined()
    expect(serverCopyEveryMsFromEnv('2000')).toBe(2000)
    expect(serverCopyEveryMsFromEnv('0')).toBe(0)
    for (const wrong of ['2s', '-1', '1.5'])
      expect(() => serverCopyEveryMsFromEnv(wrong)).toThrow(/HOLDFAST_SERVER_COPY_EVERY_MS/)
  })
})
