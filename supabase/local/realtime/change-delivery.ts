import type { SqlClient } from '../db.ts'
import type { CapturedChange } from './change-capture.ts'
import { withoutEndedSessions } from './channel-tokens.ts'
import { isOpen, push, shutDown, type Subscriber } from './connection.ts'
import {
  bindingCovers,
  recordsMeetingFilters,
  type ChangeFilter,
  type PostgresChangesBinding,
} from './postgres-changes-binding.ts'
import { visibleToAudiences, type Audience, type ChangeToCheck } from './row-visibility.ts'
import type { RealtimeTable, TableLookup } from './table-catalog.ts'
import { actAsStack } from './transaction-steps.ts'

/** What a batch of changes holds for a channel: by position, the bindings it is for (filters aside). */
interface Candidate {
  identityKey: string
  bindings: Map<number, PostgresChangesBinding[]>
}

/** A candidate's bindings for the changes its audience may see. */
interface Seen {
  subscriber: Subscriber
  identityKey: string
  bindings: Array<[position: number, covering: PostgresChangesBinding[]]>
}

/** The filters one audience holds on one table, and the positions they are to be tried on. */
interface FilterGroup {
  identityKey: string
  table: RealtimeTable
  filters: Map<string, ChangeFilter>
  positions: Set<number>
}

export interface ChangeDeliveryContext {
  lookupTable: TableLookup
  /** The channels that follow changes, as they are when a batch arrives. */
  subscribers: () => Subscriber[]
  log: (line: string) => void
}

/** Sends a batch of changes (read in the transaction `tx`) to each channel whose bindings, row-level security and filters let it through. */
export type ChangeDelivery = (tx: SqlClient, batch: CapturedChange[]) => Promise<void>

export function changeDelivery({ lookupTable, subscribers, log }: ChangeDeliveryContext): ChangeDelivery {
  return async (tx, batch) => {
    // Checked for every batch, so that nothing made after a sign-out reaches its channels.
    const current = await withoutEndedSessions(tx, subscribers())
    const changes: ChangeToCheck[] = []
    for (const change of batch) {
      const table = await lookupTable(tx, change.schema, change.table)
      if (table) changes.push({ change, table })
    }

    const { candidates, audiences } = candidatesFor(current, changes)
    if (candidates.size === 0) return

    const visible = await visibleToAudiences(tx, changes, audiences, (error) =>
      log(`Realtime could not check row-level security for a subscriber: ${error.message}`),
    )
    const filtered = await applyFilters(tx, changes, candidates, visible, log)

    // In change order, so every socket sees changes in the order they were made.
    for (const [position, { change, table }] of changes.entries()) {
      let data: string | undefined
      for (const [{ connection, channel }, matches] of filtered) {
        const ids = matches.get(position)
        if (!ids || !isOpen(connection, channel)) continue
        data ??= changeData(change, table)
        push(connection, channel, 'postgres_changes', `{"ids":${JSON.stringify(ids)},"data":${data}}`)
      }
    }
  }
}

/**
 * Which bindings of which channel each change is for by schema, table and event, for the
 * identity the channel has now (even if a token update arrives meanwhile); and, by identity,
 * the audiences whose row-level security is to be checked. Filters wait for row-level security:
 * they run only on rows the subscriber may see, so that nothing a filter does (match, or take
 * longer) can tell it anything of the others.
 */
function candidatesFor(
  subscribers: Subscriber[],
  changes: ChangeToCheck[],
): { candidates: Map<Subscriber, Candidate>; audiences: Map<string, Audience> } {
  const candidates = new Map<Subscriber, Candidate>()
  const audiences = new Map<string, Audience>()
  for (const subscriber of subscribers) {
    const { identityKey, identity } = subscriber.channel
    const bindings = new Map<number, PostgresChangesBinding[]>()
    for (const [position, { change }] of changes.entries()) {
      const covering = subscriber.channel.bindings.filter((binding) => bindingCovers(binding, change))
      if (covering.length === 0) continue
      bindings.set(position, covering)
      const audience = audiences.get(identityKey) ?? { identity, positions: new Set() }
      audience.positions.add(position)
      audiences.set(identityKey, audience)
    }
    if (bindings.size > 0) candidates.set(subscriber, { identityKey, bindings })
  }
  return { candidates, audiences }
}

/**
 * By position, the ids of each candidate's bindings for the changes its audience may see and
 * its filters let through. A filter is evaluated once per audience (subscribers who see the
 * same rows) and batch; should one fail, only the channels holding it are ended, and the
 * others still get their changes.
 */
async function applyFilters(
  tx: SqlClient,
  changes: ChangeToCheck[],
  candidates: Map<Subscriber, Candidate>,
  visible: Map<string, Set<number>>,
  log: (line: string) => void,
): Promise<Map<Subscriber, Map<number, number[]>>> {
  const seen: Seen[] = [...candidates].map(([subscriber, { identityKey, bindings }]) => ({
    subscriber,
    identityKey,
    bindings: [...bindings].filter(([position]) => visible.get(identityKey)?.has(position)),
  }))
  const results = await filterResults(tx, changes, filterGroups(seen))

  const filtered = new Map<Subscriber, Map<number, number[]>>()
  for (const { subscriber, identityKey, bindings } of seen) {
    const matches = new Map<number, number[]>()
    let failure: Error | undefined
    for (const [position, covering] of bindings) {
      const ids: number[] = []
      for (const { id, filter } of covering) {
        const met = filter && results.get(`${identityKey}|${filter.key}`)
        if (met instanceof Error) failure = met
        else if (!filter || met?.has(position)) ids.push(id)
      }
      if (ids.length > 0) matches.set(position, ids)
    }
    const { connection, channel } = subscriber
    if (failure) {
      log(`Realtime could not apply a filter of ${channel.topic}: ${failure.message}`)
      shutDown(connection, channel, `Unable to apply filter: ${failure.message}`)
    } else if (matches.size > 0) {
      filtered.set(subscriber, matches)
    }
  }
  return filtered
}

/** The filters of what each audience may see, by audience and table. */
function filterGroups(seen: Seen[]): FilterGroup[] {
  const groups = new Map<string, FilterGroup>()
  for (const { identityKey, bindings } of seen) {
    for (const [position, covering] of bindings) {
      for (const { filter } of covering) {
        if (!filter) continue
        const groupKey = `${identityKey}|${filter.table.relation}`
        const group = groups.get(groupKey) ?? { identityKey, table: filter.table, filters: new Map(), positions: new Set() }
        group.filters.set(filter.key, filter)
        group.positions.add(position)
        groups.set(groupKey, group)
      }
    }
  }
  return [...groups.values()]
}

/** By `audience|filter key`, the positions the filter lets through, or the error it failed with. */
async function filterResults(
  tx: SqlClient,
  changes: ChangeToCheck[],
  groups: FilterGroup[],
): Promise<Map<string, Set<number> | Error>> {
  const results = new Map<string, Set<number> | Error>()
  if (groups.length === 0) return results
  // A filter only compares values of rows its audience may read: it needs no role of theirs.
  await actAsStack(tx)
  for (const { identityKey, table, filters, positions } of groups) {
    const tried = [...positions]
    const records = tried.map((p) => (changes[p] as ChangeToCheck).change.record)
    for (const [filter, result] of await recordsMeetingFilters(tx, table, [...filters.values()], records)) {
      const met = result instanceof Error ? result : new Set([...result].map((i) => tried[i] as number))
      results.set(`${identityKey}|${filter.key}`, met)
    }
  }
  return results
}

/** The payload Realtime sends for a change (realtime-js reads `type`, `record` and `old_record` by `columns`). */
export function changeData(change: CapturedChange, table: RealtimeTable): string {
  return JSON.stringify({
    schema: change.schema,
    table: change.table,
    commit_timestamp: change.commitTimestamp,
    type: change.type,
    columns: table.columnTypes,
    ...(change.type === 'DELETE' ? {} : { record: change.record }),
    // As on hosted Realtime for tables with row-level security: the old row's primary key only.
    ...(change.type === 'INSERT' ? {} : { old_record: change.primaryKey }),
    errors: null,
  })
}
