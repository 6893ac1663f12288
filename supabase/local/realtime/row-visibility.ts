import type { SqlClient } from '../db.ts'
import { quoteIdent } from '../rest/sql-builder.ts'
import { actAs, type RequestIdentity } from '../run-as.ts'
import type { CapturedChange } from './change-capture.ts'
import type { RealtimeTable } from './table-catalog.ts'
import { actAsStack, inSavepoint } from './transaction-steps.ts'

export interface ChangeToCheck {
  change: CapturedChange
  table: RealtimeTable
}

/** Subscribers who see the same rows (same role and claims), and the changes meant for them. */
export interface Audience {
  identity: RequestIdentity
  /** Positions in the batch of changes. */
  positions: Set<number>
}

/**
 * Which changes of a batch each audience may see (by audience key, as positions in `changes`),
 * all within the batch's transaction `tx`: each audience in turn takes its role and claims
 * and runs a few queries per table, however many changes there are. So a burst costs each
 * subscriber a handful of queries, and PGlite's single connection one turn per batch.
 *
 * A row that exists is looked up by its primary key through the table's row-level security, as
 * hosted Realtime does. A deleted row cannot be looked up any more; hosted Realtime then checks
 * only the SELECT privilege, which would tell any signed-in user the keys of deleted submissions.
 * Here the table's SELECT policies for the role are evaluated on the row as it was, so a DELETE
 * reaches exactly those who could read the row. So is an INSERT or UPDATE whose row a later
 * change of the same burst deleted before it could be looked up.
 */
export async function visibleToAudiences(
  tx: SqlClient,
  changes: ChangeToCheck[],
  audiences: Map<string, Audience>,
  onError: (error: Error) => void,
): Promise<Map<string, Set<number>>> {
  const isDelete = (p: number) => changes[p]?.change.type === 'DELETE'
  const visible = new Map<string, Set<number>>()
  const missed = new Map<string, number[]>()
  for (const [key, { identity, positions }] of audiences) {
    const checked = await asAudience(tx, identity, onError, () => visibleChanges(tx, changes, [...positions], isDelete))
    if (!checked) continue
    visible.set(key, checked.visible)
    missed.set(key, checked.notFound)
  }
  const allMissed = [...new Set([...missed.values()].flat())]
  if (allMissed.length === 0) return visible
  // Not found means not allowed, or gone since: only the latter is judged again, by its image.
  await actAsStack(tx)
  const gone = await vanishedRows(tx, changes, allMissed)
  for (const [key, positions] of missed) {
    const retry = positions.filter((p) => gone.has(p))
    if (retry.length === 0) continue
    const { identity } = audiences.get(key) as Audience
    const checked = await asAudience(tx, identity, onError, () => visibleChanges(tx, changes, retry, () => true))
    for (const p of checked?.visible ?? []) visible.get(key)?.add(p)
  }
  return visible
}

/**
 * Runs `work` as `identity` in a savepoint, so a failing check (a policy that raises) costs only
 * that audience its changes, not the whole batch.
 */
async function asAudience<T>(
  tx: SqlClient,
  identity: RequestIdentity,
  onError: (error: Error) => void,
  work: () => Promise<T>,
): Promise<T | undefined> {
  const outcome = await inSavepoint(tx, async () => {
    await actAs(tx, identity)
    return work()
  })
  if ('value' in outcome) return outcome.value
  onError(outcome.error)
  return undefined
}

/**
 * Which of `positions` the current role may see, looked up by key or (`byImage`) by the
 * policies on the row image; and which lookups found no row.
 */
async function visibleChanges(
  tx: SqlClient,
  changes: ChangeToCheck[],
  positions: number[],
  byImage: (position: number) => boolean,
): Promise<{ visible: Set<number>; notFound: number[] }> {
  const visible = new Set<number>()
  const notFound: number[] = []
  const change = (p: number) => (changes[p] as ChangeToCheck).change
  for (const { table, positions: all } of groupByTable(changes, positions)) {
    const { rows } = await tx.query<{ can_select: boolean; row_security: boolean }>(
      `select has_table_privilege($1::regclass, 'SELECT') as can_select, row_security_active($1::regclass) as row_security`,
      [table.relation],
    )
    // Without the privilege even the lookup would fail: nothing of this table is visible.
    if (!rows[0]?.can_select) continue
    const present = all.filter((p) => !byImage(p))
    const images = all.filter(byImage)
    if (present.length > 0) {
      const keys = present.map((p) => change(p).primaryKey)
      const found = new Set((await matching(tx, existsByKey(table), keys)).map((i) => present[i] as number))
      for (const p of present) {
        if (found.has(p)) visible.add(p)
        else notFound.push(p)
      }
    }
    if (images.length > 0 && !rows[0].row_security) images.forEach((p) => visible.add(p))
    else if (images.length > 0) {
      const records = images.map((p) => change(p).record)
      for (const i of await rowsPassingPolicies(tx, table, records)) visible.add(images[i] as number)
    }
  }
  return { visible, notFound }
}

/** Which of `positions` (INSERT and UPDATE changes) have no row any more. */
async function vanishedRows(db: SqlClient, changes: ChangeToCheck[], positions: number[]): Promise<Set<number>> {
  const vanished = new Set<number>()
  for (const { table, positions: subset } of groupByTable(changes, positions)) {
    const keys = subset.map((p) => (changes[p] as ChangeToCheck).change.primaryKey)
    for (const i of await matching(db, `not ${existsByKey(table)}`, keys)) vanished.add(subset[i] as number)
  }
  return vanished
}

/** The positions of `records` that the table's SELECT policies for the current role let through. */
async function rowsPassingPolicies(
  tx: SqlClient,
  table: RealtimeTable,
  records: Array<Record<string, unknown>>,
): Promise<number[]> {
  const { rows: policies } = await tx.query<{ permissive: boolean; qual: string | null }>(
    `select p.polpermissive as permissive, pg_get_expr(p.polqual, p.polrelid) as qual
       from pg_catalog.pg_policy p
      where p.polrelid = $1::regclass and p.polcmd in ('r', '*')
        and (0::oid = any (p.polroles) or exists (select 1 from unnest(p.polroles) as r(id) where pg_has_role(current_user, r.id, 'member')))`,
    [table.relation],
  )
  // As PostgreSQL combines them: any permissive policy admits a row, every restrictive one must agree.
  const permissive = policies.filter((p) => p.permissive && p.qual !== null).map((p) => `(${p.qual})`)
  const restrictive = policies.filter((p) => !p.permissive && p.qual !== null).map((p) => `(${p.qual})`)
  if (permissive.length === 0) return []
  const condition = [`(${permissive.join(' or ')})`, ...restrictive].join(' and ')
  // The alias is the table's own name, so the policies' column references resolve to the old row.
  return matching(
    tx,
    `exists (select 1 from jsonb_populate_record(null::${table.relation}, e.value) as ${quoteIdent(table.name)} where ${condition})`,
    records,
  )
}

/** True for an element `e.value` (a primary key as JSON) whose row the current role can select. */
function existsByKey(table: RealtimeTable): string {
  const sameKey = table.primaryKey.map((c) => `t.${quoteIdent(c)} = k.${quoteIdent(c)}`).join(' and ')
  return `exists (select 1 from ${table.relation} as t, jsonb_populate_record(null::${table.relation}, e.value) as k where ${sameKey})`
}

/** The indexes (0-based) of the elements of `values` for which `condition` on `e.value` holds. */
async function matching(tx: SqlClient, condition: string, values: Array<Record<string, unknown>>): Promise<number[]> {
  const { rows } = await tx.query<{ position: number }>(
    `select e.position::int as position from jsonb_array_elements($1::jsonb) with ordinality as e(value, position) where ${condition}`,
    [JSON.stringify(values)],
  )
  return rows.map((r) => r.position - 1)
}

function groupByTable(changes: ChangeToCheck[], positions: number[]): Array<{ table: RealtimeTable; positions: number[] }> {
  const groups = new Map<string, { table: RealtimeTable; positions: number[] }>()
  for (const position of positions) {
    const { table } = changes[position] as ChangeToCheck
    const group = groups.get(table.relation) ?? { table, positions: [] }
    group.positions.push(position)
    groups.set(table.relation, group)
  }
  return [...groups.values()]
}
