/**
 * `sql` with its parameters (`$1`, `$2`, …) written in as quoted literals of the text the driver
 * would have sent, so that the statement can travel with others in one simple query (one round
 * trip). A quoted literal has no type until PostgreSQL gives it one from its context, as it does a
 * parameter sent without a type, so the statement means the same. Only `$n` outside string
 * literals, quoted identifiers, dollar quotes and comments is a parameter.
 * Undefined when a value has no such text here (an object, a date, a string with a NUL byte,
 * which a literal cannot hold) or `sql` names a parameter it was not given: then send it with
 * its parameters.
 */
export function withParametersInlined(sql: string, params: readonly unknown[]): string | undefined {
  const literals = params.map(literal)
  if (literals.some((text) => text === undefined)) return undefined
  let inlined = ''
  let copiedTo = 0
  for (let i = 0; i < sql.length;) {
    const end = endOfQuotedOrComment(sql, i)
    if (end !== undefined) {
      i = end
      continue
    }
    const parameter = sql[i] === '$' && !continuesIdentifier(sql, i) ? /^\$(\d+)/.exec(sql.slice(i, i + 12)) : null
    if (parameter) {
      const text = literals[Number(parameter[1]) - 1]
      if (text === undefined) return undefined
      inlined += `${sql.slice(copiedTo, i)}${text}`
      i += parameter[0].length
      copiedTo = i
      continue
    }
    i += 1
  }
  return inlined + sql.slice(copiedTo)
}

/** The literal for a value, as node-postgres would send it, or undefined. */
function literal(value: unknown): string | undefined {
  if (value === null || value === undefined) return 'null'
  if (typeof value === 'string') return value.includes('\0') ? undefined : quoteLiteral(value)
  if ((typeof value === 'number' && Number.isFinite(value)) || typeof value === 'bigint' || typeof value === 'boolean') {
    return `'${String(value)}'`
  }
  return undefined
}

/**
 * `value` as a string literal, as node-postgres' escapeLiteral writes it (quotes doubled; with a
 * backslash, an E'…' string with the backslashes doubled), without its character-by-character loop,
 * which cost more than the rest of a request's SQL text.
 */
export function quoteLiteral(value: string): string {
  const doubled = value.replaceAll("'", "''")
  return value.includes('\\') ? ` E'${doubled.replaceAll('\\', '\\\\')}'` : `'${doubled}'`
}

const identifierCharacter = /[A-Za-z0-9_$\u0080-\uffff]/

/** Whether the character at `i` continues an identifier or a number (`a$1` is a name, not a parameter). */
function continuesIdentifier(sql: string, i: number): boolean {
  return i > 0 && identifierCharacter.test(sql[i - 1] as string)
}

/** Where the string literal, quoted identifier, dollar quote or comment starting at `i` ends; undefined when none starts there. */
function endOfQuotedOrComment(sql: string, i: number): number | undefined {
  const c = sql[i]
  if (c === "'") {
    const escapes = i > 0 && /[Ee]/.test(sql[i - 1] as string) && !continuesIdentifier(sql, i - 1)
    return endOfQuoted(sql, i, "'", escapes)
  }
  if (c === '"') return endOfQuoted(sql, i, '"', false)
  if (c === '-' && sql[i + 1] === '-') {
    const newline = sql.indexOf('\n', i)
    return newline === -1 ? sql.length : newline + 1
  }
  if (c === '/' && sql[i + 1] === '*') return endOfBlockComment(sql, i)
  if (c === '$' && !continuesIdentifier(sql, i)) {
    const tag = /^\$(?:[A-Za-z_\u0080-\uffff][A-Za-z0-9_\u0080-\uffff]*)?\$/.exec(sql.slice(i))?.[0]
    if (!tag) return undefined
    const closing = sql.indexOf(tag, i + tag.length)
    return closing === -1 ? sql.length : closing + tag.length
  }
  return undefined
}

/** A quote doubled inside stands for itself; with `escapes` (E'…'), a backslash escapes the next character. */
function endOfQuoted(sql: string, start: number, quote: string, escapes: boolean): number {
  for (let i = start + 1; i < sql.length; i++) {
    if (escapes && sql[i] === '\\') i += 1
    else if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1
      i += 1
    }
  }
  return sql.length
}

/** Block comments nest in PostgreSQL. */
function endOfBlockComment(sql: string, start: number): number {
  let depth = 0
  for (let i = start; i < sql.length - 1; i++) {
    if (sql[i] === '/' && sql[i + 1] === '*') {
      depth += 1
      i += 1
    } else if (sql[i] === '*' && sql[i + 1] === '/') {
      depth -= 1
      i += 1
      if (depth === 0) return i + 1
    }
  }
  return sql.length
}
