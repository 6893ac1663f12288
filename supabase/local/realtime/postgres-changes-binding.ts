import type { SqlClient } from '../db.ts'
import { quoteIdent } from '../rest/sql-builder.ts'
import type { CapturedChange, ChangeType } from './change-capture.ts'
import type { RealtimeTable, TableLookup } from './table-catalog.ts'
import { inSavepoint } from './transaction-steps.ts'

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
  filter: ChangeFilter | undefined
}

/** A `column=operator.value` filter, whose value was read as the column's type when the channel joined. */
export interface ChangeFilter {
  table: RealtimeTable
  column: string
  operator: FilterOperator
  /** The value as PostgreSQL reads it for the column's type; for `in`, an array literal `{a,b}`. */
  value: string
  /** Filters with the same key are the same comparison: subscribers who see the same rows share its result. */
  key: string
}

/** A binding the server cannot subscribe: the join is refused with this message. */
export class BindingRejected extends Error {}

/** The operators hosted Realtime accepts for `postgres_changes`, and how each compares. */
const comparisons = { eq: '=', neq: '<>', lt: '<', lte: '<=', gt: '>', gte: '>=', in: '= any' } as const
type FilterOperator = keyof typeof comparisons
const operators = Object.keys(comparisons) as FilterOperator[]

/**
 * One condition per filter, as hosted Realtime accepts. A filter is evaluated for every change
 * of its table, so each condition a client may add is work it makes the database do for
 * every writer (a join with 10,000 conditions once made each change cost seconds).
 */
const maxConditionsPerFilter = 1
/** Hosted Realtime's limit on the values of an `in` filter (realtime.subscription_check_filters). */
const maxInValues = 100
const events = ['*', 'INSERT', 'UPDATE', 'DELETE'] as const

/**
 * Reads and checks one `postgres_changes` entry when its channel joins: the table exists, the
 * filter has one supported operator on a column of the table, and its value reads as the
 * column's type (so no comparison can fail later, when changes are delivered).
 */
export async function parseBinding(
  db: SqlClient,
  requested: unknown,
  id: number,
  lookup: TableLookup,
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
  let parsedFilter: ChangeFilter | undefined
  if (filter !== undefined && filter !== null && filter !== '') {
    if (typeof filter !== 'string') throw new BindingRejected('filter must be a string')
    if (!known) throw new BindingRejected('a filter needs a table')
    parsedFilter = parseFilter(known, filter)
    await checkFilterValue(db, parsedFilter)
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
 * For each of `filters` (all on `table`), the positions in `records` (rows of that table) that
 * meet it, decided by PostgreSQL with the column types, in one query. Should that query fail,
 * each filter is tried alone, so a filter that fails costs only its own subscribers: its
 * entry is then the error.
 */
export async function recordsMeetingFilters(
  tx: SqlClient,
  table: RealtimeTable,
  filters: ChangeFilter[],
  records: Array<Record<string, unknown>>,
): Promise<Map<ChangeFilter, Set<number> | Error>> {
  const results = new Map<ChangeFilter, Set<number> | Error>()
  const together = await inSavepoint(tx, () => filterMatches(tx, table, filters, records))
  if ('value' in together) {
    filters.forEach((filter, i) => results.set(filter, together.value[i] as Set<number>))
    return results
  }
  for (const filter of filters) {
    const alone = await inSavepoint(tx, () => filterMatches(tx, table, [filter], records))
    results.set(filter, 'value' in alone ? (alone.value[0] as Set<number>) : alone.error)
  }
  return results
}

/** Per filter, the positions of the records that meet it. */
async function filterMatches(
  tx: SqlClient,
  table: RealtimeTable,
  filters: ChangeFilter[],
  records: Array<Record<string, unknown>>,
): Promise<Array<Set<number>>> {
  const values = filters.map((f) => f.value)
  const conditions = filters.map((f, i) => comparison(f, `$${i + 2}`))
  const { rows } = await tx.query<{ position: number; filter: number }>(
    `select e.position::int as position, f.index::int as filter
       from jsonb_array_elements($1::jsonb) with ordinality as e(value, position)
      cross join lateral jsonb_populate_record(null::${table.relation}, e.value) as r
      cross join lateral unnest(array[${conditions.join(', ')}]) with ordinality as f(passed, index)
      where f.passed`,
    [JSON.stringify(records), ...values],
  )
  const matches = filters.map(() => new Set<number>())
  for (const row of rows) matches[row.filter - 1]?.add(row.position - 1)
  return matches
}

/**
 * Refuses a value that does not read as the column's type (or too many `in` values), and an
 * operator the type has not, by comparing it once with an empty row.
 */
async function checkFilterValue(db: SqlClient, filter: ChangeFilter): Promise<void> {
  let count: number | null
  try {
    const { rows } = await db.query<{ value_count: number | null }>(
      `select ${filter.operator === 'in' ? `cardinality(${typedValue(filter, '$1')})` : 'null::int'} as value_count,
              ${comparison(filter, '$1')} as passed
         from jsonb_populate_record(null::${filter.table.relation}, '{}'::jsonb) as r`,
      [filter.value],
    )
    count = rows[0]?.value_count ?? null
  } catch (error) {
    throw new BindingRejected(`invalid filter value for column ${filter.column}: ${(error as Error).message}`)
  }
  if (count !== null && count > maxInValues) {
    throw new BindingRejected(`too many values for \`in\` filter. Maximum ${maxInValues}`)
  }
}

/** The filter's condition on the row `r`, with its value bound as `param`. */
function comparison(filter: ChangeFilter, param: string): string {
  const column = `r.${quoteIdent(filter.column)}`
  const value = typedValue(filter, param)
  return filter.operator === 'in' ? `${column} = any (${value})` : `${column} ${comparisons[filter.operator]} ${value}`
}

/**
 * `param` read as the column's type (an array of it for `in`). Bound as text and cast by
 * PostgreSQL, so a value of the wrong type is PostgreSQL's error, not one of the driver's own
 * conversions.
 */
function typedValue(filter: ChangeFilter, param: string): string {
  const type = filter.table.columns.get(filter.column) as string
  return `${param}::text::${type}${filter.operator === 'in' ? '[]' : ''}`
}

/**
 * Realtime's `column=operator.value`. Conditions are split as hosted Realtime splits them (at
 * commas outside parentheses; `\,` is a comma of the value), so a second one is refused rather
 * than read as part of the first one's value.
 */
function parseFilter(table: RealtimeTable, text: string): ChangeFilter {
  const conditions = splitConditions(text)
  if (conditions.length > maxConditionsPerFilter) {
    throw new BindingRejected(`a filter may have ${maxConditionsPerFilter} condition, got ${conditions.length}: "${text}"`)
  }
  const condition = conditions[0] ?? ''
  const equals = condition.indexOf('=')
  const dot = condition.indexOf('.', equals + 1)
  if (equals <= 0 || dot < 0) throw new BindingRejected(`"${condition}" is not a column=operator.value filter`)
  const column = condition.slice(0, equals).trim()
  const operator = condition.slice(equals + 1, dot).trim()
  const value = condition.slice(dot + 1)
  if (!operators.includes(operator as FilterOperator)) {
    throw new BindingRejected(`unsupported filter operator "${operator}" in "${condition}": use one of ${operators.join(', ')}`)
  }
  if (!table.columns.has(column)) throw new BindingRejected(`invalid column for filter ${column}`)
  let typed = value
  if (operator === 'in') {
    const list = /^\((.*)\)$/s.exec(value)
    if (!list) throw new BindingRejected('`in` filter value must be wrapped by parentheses')
    typed = `{${list[1]}}`
  }
  return {
    table,
    column,
    operator: operator as FilterOperator,
    value: typed,
    key: `${table.relation}|${column}|${operator}|${typed}`,
  }
}

function splitConditions(text: string): string[] {
  const conditions = ['']
  let depth = 0
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (ch === '\\' && text[i + 1] === ',') {
      conditions[conditions.length - 1] += ','
      i++
      continue
    }
    if (ch === ',' && depth === 0) {
      conditions.push('')
      continue
    }
    if (ch === '(') depth++
    else if (ch === ')') depth = Math.max(depth - 1, 0)
    conditions[conditions.length - 1] += ch
  }
  return conditions.filter((c) => c.trim() !== '')
}
