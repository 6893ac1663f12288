import { readFile } from 'node:fs/promises'
import type { SqlClient, SqlDatabase } from '../db.ts'

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE'

/** One row change of a published table, as logged by the capture trigger. */
export interface CapturedChange {
  schema: string
  table: string
  type: ChangeType
  /** When the row changed, ISO 8601 in UTC (`2026-01-01T10:00:00.000Z`), as Realtime's commit_timestamp. */
  commitTimestamp: string
  primaryKey: Record<string, unknown>
  /** The row after an INSERT or UPDATE, before a DELETE, as `to_jsonb` renders it. */
  record: Record<string, unknown>
}

export interface ChangeFeed {
  stop(): Promise<void>
}

const channel = 'holdfast_realtime'
/** At most this many changes are read and delivered at once; a herd arrives in several batches. */
const batchSize = 1000
/**
 * Under a steady stream of changes, at most one batch per this many milliseconds: a change that
 * comes alone goes out at once, but during a burst each batch gathers many changes, so checking
 * and sending them costs a fraction of what the burst itself costs the database.
 */
const gatherMs = 100
const keepChangesMinutes = 5
const cleanUpEveryMs = 60_000

/** Installs (or refreshes) the capture triggers on the tables of the supabase_realtime publication. */
export async function installChangeCapture(db: SqlDatabase): Promise<void> {
  await db.exec(await readFile(new URL('./change-capture.sql', import.meta.url), 'utf8'))
}

/**
 * Feeds committed changes to `deliver`, in batches, one batch at a time and each in one
 * transaction (`tx`) for reading and checking it. A batch takes every change notified by the
 * time its transaction starts: while one is delivered, or waits its turn on PGlite's single
 * connection behind a burst of requests, the next one gathers. So a burst costs a few
 * transactions, not one per row. `wanted()` false (nobody subscribed) skips reading altogether.
 * `onGap` is called when changes may have been lost (notifications missed, or a batch failed).
 */
export async function startChangeFeed(
  db: SqlDatabase,
  {
    wanted,
    deliver,
    onGap,
    log,
  }: {
    wanted: () => boolean
    deliver: (tx: SqlClient, changes: CapturedChange[]) => Promise<void>
    onGap: () => void
    log: (line: string) => void
  },
): Promise<ChangeFeed> {
  let pending: string[] = []
  let pumping: Promise<void> | undefined
  let lastBatchAt = Number.NEGATIVE_INFINITY

  const pump = async () => {
    while (pending.length > 0) {
      if (!wanted()) {
        pending = []
        return
      }
      const wait = lastBatchAt + gatherMs - performance.now()
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait))
      lastBatchAt = performance.now()
      try {
        await db.transaction(async (tx) => {
          const ids = pending.splice(0, batchSize)
          await deliver(tx, await readChanges(tx, ids))
        })
      } catch (error) {
        // Those changes are lost to the subscribers: tell them as for a gap, so they refetch.
        log(`Realtime could not deliver changes: ${(error as Error).message}`)
        onGap()
      }
    }
  }
  const unlisten = await db.listen(
    channel,
    (id) => {
      pending.push(id)
      pumping ??= pump().finally(() => {
        pumping = undefined
      })
    },
    onGap,
  )

  const cleanUp = setInterval(() => {
    db.query(`delete from holdfast_realtime.changes where created_at < now() - interval '${keepChangesMinutes} minutes'`).catch(
      (error: unknown) => log(`Realtime could not clean up its change log: ${(error as Error).message}`),
    )
  }, cleanUpEveryMs)
  cleanUp.unref()

  return {
    stop: async () => {
      clearInterval(cleanUp)
      await unlisten()
      pending = []
      await pumping
    },
  }
}

async function readChanges(tx: SqlClient, ids: string[]): Promise<CapturedChange[]> {
  const { rows } = await tx.query<{
    schema: string
    table: string
    type: ChangeType
    commit_timestamp: string
    primary_key: Record<string, unknown>
    record: Record<string, unknown>
  }>(
    `select schema_name as schema, table_name as "table", type, primary_key, record,
            to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as commit_timestamp
       from holdfast_realtime.changes where id = any ($1::bigint[]) order by id`,
    [ids],
  )
  return rows.map((row) => ({
    schema: row.schema,
    table: row.table,
    type: row.type,
    commitTimestamp: row.commit_timestamp,
    primaryKey: row.primary_key,
    record: row.record,
  }))
}
