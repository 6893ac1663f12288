import type { SqlClient } from '../db.ts'
import { parseQuery, splitTopLevel, type Filter } from '../rest/query-string.ts'
import { Params, whereClause } from '../rest/sql-builder.ts'
import type { CapturedChange, ChangeType } from './change-capture.ts'
import type { RealtimeTable } from './table-catalog.ts'

/** One `postgres_changes` entry of a channel's join config. */
export interface PostgresChangesBinding {
  id: number
  /** As the client sent it: the join reply echoes each one, in order, with its `id`. */
  requested: Record<string, unknown>
  event: '*' | ChangeType
  /** `*` for every schema. */
  schema: string
  /** Undefined for every table of the schema. */
  table: string | undefined
  /** `column=op.value` conditions, all of which a row must meet (PostgREST's operators). */
  filter: { table: RealtimeTable; conditions: Filter[] } | undefined
}

/** A binding the server cannot subscribe: the channel joins, but is told so and receives nothing. */
export class BindingRejected extends Error {}

const events = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const
/** Keys that PostgREST's query string reads as something other than a column. */
const reservedNames = new Set(['select', 'order', 'limit', 'offset', 'on_conflict', 'columns', 'and', 'or', 'not.and', 'not.or'])

export async function parseBinding(
  db: SqlClient,
  requested: unknown,
  id: number,
  lookup: (db: SqlClient, schema: string, table: string) => Promise<RealtimeTable | undefined>,
): Promise<PostgresChangesBinding> {
  if (typeof requested !== 'object' || requested === null || Array.isArray(requested)) {
    throw new BindingRejected('each postgres_changes entry must be an object')
  }
  const { event, schema, table, filter } = requested as Record<string, unknown>
  const eventName = typeof event === 'string' ? event.toUpperCase() : undefined
  if (!events.includes(eventName as (typeof events)[number])) {
    throw new BindingRejected(`event must be one of ${events.join(', ')}, got ${JSON.stringify(event)}`)
  }
  if (typeof schema !== 'string' || schema === '') throw new BindingRejected('schema is required')
  if (table !== undefined && table !== null && typeof table !== 'string') throw new BindingRejected('table must be a string')
  const tableName = typeof table === 'string' && table !== '*' ? table : undefined
  let known: RealtimeTable | undefined
  if (tableName !== undefined) {
    known = schema === '*' ? undefined : await lookup(db, schema, tableName)
    if (!known) throw new BindingRejected(`table ${schema}.${tableName} does not exist`)
  }
  let parsedFilter: PostgresChangesBinding['filter']
  if (filter !== undefined && filter !== null && filter !== '') {
    if (typeof filter !== 'string') throw new BindingRejected('filter must be a string')
    if (!known) throw new BindingRejected('a filter needs a table')
    parsedFilter = { table: known, conditions: parseFilter(filter) }
    // Checks the columns and that each value fits its column's type, before any change arrives.
    await matchingRecords(db, parsedFilter, [])
  }
  return {
    id,
    requested: requested as Record<string, unknown>,
    event: eventName as PostgresChangesBinding['event'],
    schema,
    table: tableName,
    filter: parsedFilter,
  }
}

/** Whether a change is of the binding's schema, table and event (its filter aside). */
export function bindingCovers(binding: PostgresChangesBinding, change: CapturedChange): boolean {
  return (
    (binding.schema === '*' || binding.schema === change.schema) &&
    (binding.table === undefined || binding.table === change.table) &&
    (binding.event === '*' || binding.event === change.type)
  )
}

/**
 * The positions in `records` (rows of the filter's table) that meet the filter, decided by
 * PostgreSQL with the column types, as hosted Realtime does.
 */
export async function matchingRecords(
  db: SqlClient,
  filter: NonNullable<PostgresChangesBinding['filter']>,
  records: Array<Record<string, unknown>>,
): Promise<Set<number>> {
  const params = new Params()
  const list = params.bind(JSON.stringify(records))
  let where: string
  try {
    where = whereClause(filter.table, filter.conditions, params)
  } catch (error) {
    throw new BindingRejected((error as Error).message)
  }
  try {
    const { rows } = await db.query<{ position: number }>(
      `select e.position::int as position from jsonb_array_elements(${list}::jsonb) with ordinality as e(value, position)
        where exists (select 1 from jsonb_populate_record(null::${filter.table.relation}, e.value) as r${where})`,
      params.values,
    )
    return new Set(rows.map((r) => r.position - 1))
  } catch (error) {
    throw new BindingRejected((error as Error).message)
  }
}

/** Realtime's `col=op.value,col2=op.value` as PostgREST conditions. */
function parseFilter(text: string): Filter[] {
  try {
    const pairs = splitTopLevel(text).map((item): [string, string] => {
      const equals = item.indexOf('=')
      const column = item.slice(0, equals)
      if (equals <= 0 || reservedNames.has(column)) throw new BindingRejected(`"${item}" is not a column=operator.value filter`)
      return [column, item.slice(equals + 1)]
    })
    return parseQuery(new URLSearchParams(pairs)).filters
  } catch (error) {
    if (error instanceof BindingRejected) throw error
    throw new BindingRejected((error as Error).message)
  }
}
