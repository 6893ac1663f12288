import { parseError } from './rest-error.ts'

/** The PostgREST query string, parsed: what to select, which rows, in which order. */
export const operators = ['eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'is', 'in'] as const
export type Operator = (typeof operators)[number]

export interface Condition {
  kind: 'condition'
  column: string
  operator: Operator
  negated: boolean
  /** A list for `in`, one value otherwise. */
  value: string | string[]
}

export interface Group {
  kind: 'group'
  join: 'and' | 'or'
  negated: boolean
  items: Filter[]
}

export type Filter = Condition | Group

export interface SelectItem {
  /** A column name, or `*`. */
  column: string
  alias?: string
  cast?: string
}

export interface OrderItem {
  column: string
  descending: boolean
  nulls?: 'first' | 'last'
}

export interface ParsedQuery {
  select: SelectItem[]
  /** Joined with AND, as PostgREST does with repeated parameters. */
  filters: Filter[]
  order: OrderItem[]
  limit?: number
  offset?: number
  onConflict?: string[]
  columns?: string[]
}

const identifier = /^[A-Za-z_][A-Za-z0-9_]*$/
const castTypes = new Set([
  'text',
  'int',
  'integer',
  'int4',
  'int8',
  'bigint',
  'numeric',
  'float8',
  'boolean',
  'bool',
  'json',
  'jsonb',
  'date',
  'timestamptz',
  'uuid',
])

export function parseQuery(params: URLSearchParams): ParsedQuery {
  const query: ParsedQuery = { select: [{ column: '*' }], filters: [], order: [] }
  for (const [key, value] of params) {
    switch (key) {
      case 'select':
        query.select = parseSelect(value)
        break
      case 'order':
        query.order = parseOrder(value)
        break
      case 'limit':
        query.limit = parseCount(key, value)
        break
      case 'offset':
        query.offset = parseCount(key, value)
        break
      case 'on_conflict':
        query.onConflict = value.split(',').map((c) => checkIdentifier(c.trim()))
        break
      case 'columns':
        query.columns = value.split(',').map((c) => checkIdentifier(unquote(c.trim())))
        break
      case 'and':
      case 'or':
      case 'not.and':
      case 'not.or':
        query.filters.push(parseGroup(key, value))
        break
      default:
        query.filters.push(parseCondition(checkIdentifier(key), value))
    }
  }
  return query
}

function parseCount(name: string, value: string): number {
  if (!/^\d{1,9}$/.test(value)) throw parseError(`"${value}" is not a valid ${name}`)
  return Number(value)
}

function checkIdentifier(name: string): string {
  if (!identifier.test(name)) {
    throw parseError(
      `"${name}" is not a column name this server accepts`,
      'JSON paths, embedded resources and quoted identifiers are not supported',
    )
  }
  return name
}

function parseSelect(value: string): SelectItem[] {
  const items = splitTopLevel(value.replace(/\s+/g, ''))
  if (items.length === 0) return [{ column: '*' }]
  return items.map((item) => {
    if (item === '*') return { column: '*' }
    if (item.includes('(')) throw parseError(`Embedded resources are not supported: "${item}"`)
    const [aliasAndColumn = '', cast] = item.split('::')
    const [first = '', second] = aliasAndColumn.split(':')
    const column = checkIdentifier(second ?? first)
    const alias = second === undefined ? undefined : checkIdentifier(first)
    if (cast !== undefined && !castTypes.has(cast)) throw parseError(`Unsupported cast "${cast}"`)
    return { column, alias, cast }
  })
}

function parseOrder(value: string): OrderItem[] {
  return value.split(',').map((term) => {
    const [column = '', ...modifiers] = term.split('.')
    const item: OrderItem = { column: checkIdentifier(column), descending: false }
    for (const modifier of modifiers) {
      if (modifier === 'asc') item.descending = false
      else if (modifier === 'desc') item.descending = true
      else if (modifier === 'nullsfirst') item.nulls = 'first'
      else if (modifier === 'nullslast') item.nulls = 'last'
      else throw parseError(`"${term}" is not a valid order term`)
    }
    return item
  })
}

/** `col=[not.]op.value` as a query parameter. */
function parseCondition(column: string, expression: string): Condition {
  let rest = expression
  let negated = false
  if (rest.startsWith('not.')) {
    negated = true
    rest = rest.slice(4)
  }
  const dot = rest.indexOf('.')
  const operator = dot < 0 ? rest : rest.slice(0, dot)
  if (!(operators as readonly string[]).includes(operator)) {
    throw parseError(`"${expression}" is not a supported filter`, `Supported operators: ${operators.join(', ')}`)
  }
  const raw = dot < 0 ? '' : rest.slice(dot + 1)
  return { kind: 'condition', column, operator: operator as Operator, negated, value: parseValue(operator as Operator, raw) }
}

function parseValue(operator: Operator, raw: string): string | string[] {
  if (operator === 'in') {
    if (!raw.startsWith('(') || !raw.endsWith(')')) throw parseError(`"in" needs a list in parentheses, got "${raw}"`)
    return splitTopLevel(raw.slice(1, -1)).map(unquote)
  }
  if (operator === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(raw.toLowerCase())) {
    throw parseError(`"is" accepts null, true, false or unknown, got "${raw}"`)
  }
  const value = unquote(raw)
  return operator === 'like' || operator === 'ilike' ? value.replaceAll('*', '%') : value
}

/** `or=(a.eq.1,and(b.gt.2,c.is.null))` and friends. */
function parseGroup(key: string, value: string): Group {
  const negated = key.startsWith('not.')
  const join = key.endsWith('or') ? 'or' : 'and'
  if (!value.startsWith('(') || !value.endsWith(')')) throw parseError(`"${key}" needs a list in parentheses`)
  return { kind: 'group', join, negated, items: splitTopLevel(value.slice(1, -1)).map(parseLogicItem) }
}

function parseLogicItem(item: string): Filter {
  const group = /^(not\.)?(and|or)(\(.*\))$/s.exec(item)
  if (group) return parseGroup(`${group[1] ?? ''}${group[2]}`, group[3] as string)
  const dot = item.indexOf('.')
  if (dot < 0) throw parseError(`"${item}" is not a valid logic tree element`)
  return parseCondition(checkIdentifier(item.slice(0, dot)), item.slice(dot + 1))
}

/** Splits on commas outside parentheses and double quotes. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = []
  let depth = 0
  let quoted = false
  let current = ''
  for (let i = 0; i < text.length; i++) {
    const ch = text[i] as string
    if (quoted && ch === '\\' && i + 1 < text.length) {
      current += ch + text[++i]
      continue
    }
    if (ch === '"') quoted = !quoted
    else if (!quoted && ch === '(') depth++
    else if (!quoted && ch === ')') depth--
    if (depth < 0) throw parseError(`Unbalanced parentheses in "${text}"`)
    if (ch === ',' && depth === 0 && !quoted) {
      parts.push(current)
      current = ''
    } else {
      current += ch
    }
  }
  if (depth !== 0 || quoted) throw parseError(`Unbalanced parentheses or quotes in "${text}"`)
  if (current !== '' || parts.length > 0) parts.push(current)
  return parts
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1')
  }
  return value
}
