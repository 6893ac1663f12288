import type { TableInfo } from './catalog.ts'
import type { Condition, Filter, OrderItem, SelectItem } from './query-string.ts'
import { RestError } from './rest-error.ts'
import type { RowRange } from './row-range.ts'

/** Collects bound parameters: values never enter SQL text. */
export class Params {
  readonly values: unknown[] = []

  bind(value: unknown): string {
    this.values.push(value)
    return `$${this.values.length}`
  }
}

export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`
}

/** A column of `table`, quoted, or PostgREST's error for an unknown one. */
export function column(table: TableInfo, name: string): string {
  if (!table.columns.has(name)) {
    throw new RestError(400, '42703', `column ${table.name}.${name} does not exist`)
  }
  return quoteIdent(name)
}

export function selectList(table: TableInfo, items: SelectItem[]): string {
  return items
    .map((item) => {
      if (item.column === '*') return '*'
      const expression = item.cast ? `${column(table, item.column)}::${item.cast}` : column(table, item.column)
      return item.alias || item.cast ? `${expression} as ${quoteIdent(item.alias ?? item.column)}` : expression
    })
    .join(', ')
}

export function whereClause(table: TableInfo, filters: Filter[], params: Params): string {
  if (filters.length === 0) return ''
  return ` where ${filters.map((f) => filterSql(table, f, params)).join(' and ')}`
}

function filterSql(table: TableInfo, filter: Filter, params: Params): string {
  const sql =
    filter.kind === 'group'
      ? `(${filter.items.map((item) => filterSql(table, item, params)).join(` ${filter.join} `) || 'true'})`
      : conditionSql(table, filter, params)
  return filter.negated ? `not ${sql.startsWith('(') ? sql : `(${sql})`}` : sql
}

const comparisons = { eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=' } as const
const isValues = { null: 'null', not_null: 'not null', true: 'true', false: 'false', unknown: 'unknown' } as const

function conditionSql(table: TableInfo, condition: Condition, params: Params): string {
  const target = column(table, condition.column)
  const { operator, value } = condition
  // Bound as text and cast by Postgres, so a value that is no value of the column's type is
  // Postgres' 22P02 (400), not a throw from the driver's own conversion (PGlite's boolean one).
  const typed = (text: string) => `${params.bind(text)}::text::${table.columns.get(condition.column)}`
  switch (operator) {
    case 'in': {
      const list = value as string[]
      return list.length === 0 ? 'false' : `${target} in (${list.map(typed).join(', ')})`
    }
    case 'is':
      return `${target} is ${isValues[(value as string).toLowerCase() as keyof typeof isValues]}`
    case 'like':
    case 'ilike':
      return `${target}::text ${operator} ${params.bind(value)}`
    default:
      return `${target} ${comparisons[operator]} ${typed(value as string)}`
  }
}

export function orderClause(table: TableInfo, order: OrderItem[]): string {
  if (order.length === 0) return ''
  const terms = order.map(
    (o) => `${column(table, o.column)} ${o.descending ? 'desc' : 'asc'}${o.nulls ? ` nulls ${o.nulls}` : ''}`,
  )
  return ` order by ${terms.join(', ')}`
}

/**
 * LIMIT and OFFSET for the rows of `range`. They are bigints, whose text is only ever digits
 * (never 1e+23 or Infinity); a negative one would be a bug above, refused rather than sent.
 */
export function pageClause(range: Required<RowRange>): string {
  const limit = range.last - range.first + 1n
  if (limit < 0n || range.first < 0n) throw new RestError(416, 'PGRST103', 'Requested range not satisfiable')
  return ` limit ${limit} offset ${range.first}`
}
