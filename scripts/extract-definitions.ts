// `npx tsx scripts/extract-definitions.ts`: (re)writes supabase/definitions/ from the migrations, once,
// when the folder is introduced (and again after merging branches that still added migrations the
// old way). Each function, view, policy and trigger gets the text its latest migration wrote, with
// the comment lines right above it; privileges come from the catalogue of a database the migrations
// made. It then applies the files on top of that database and fails, naming them, when a file does
// not restate exactly what the migrations made. Deterministic: the same migrations give the same files.
import { mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { openPglite, type SqlDatabase } from '../supabase/local/db.ts'
import { applyDefinitions, definitionProblems, definitionsFolder, readDefinitionFiles } from '../supabase/local/definitions.ts'
import { migrate, supabaseDir } from '../supabase/local/migrate.ts'

/** A statement of a migration and the comment lines right above it (no blank line between). */
export interface Statement {
  text: string
  comment: string
}

/**
 * Splits SQL into statements at the semicolons outside strings, quoted identifiers, dollar-quoted
 * bodies and comments.
 */
export function splitStatements(sql: string): Statement[] {
  const statements: Statement[] = []
  let start = -1
  let triviaStart = 0
  let i = 0
  while (i < sql.length) {
    const rest = sql.slice(i, i + 2)
    if (rest === '--') {
      const end = sql.indexOf('\n', i)
      i = end === -1 ? sql.length : end + 1
      continue
    }
    if (rest === '/*') {
      i = endOfBlockComment(sql, i)
      continue
    }
    const c = sql[i] as string
    if (start === -1 && !/\s/.test(c)) start = i
    if (c === "'" || c === '"') {
      i = endOfQuoted(sql, i)
      continue
    }
    const dollarQuote = c === '$' && !/\w/.test(sql[i - 1] ?? '') ? /^\$(?:[A-Za-z_]\w*)?\$/.exec(sql.slice(i)) : null
    if (dollarQuote) {
      const close = sql.indexOf(dollarQuote[0], i + dollarQuote[0].length)
      if (close === -1) throw new Error(`unterminated ${dollarQuote[0]} quote at ${sql.slice(i, i + 40)}`)
      i = close + dollarQuote[0].length
      continue
    }
    if (c === ';') {
      statements.push({ text: sql.slice(start, i + 1), comment: commentAbove(sql.slice(triviaStart, start)) })
      start = -1
      triviaStart = i + 1
    }
    i++
  }
  if (start !== -1 && sql.slice(start).trim() !== '')
    throw new Error(`statement without a semicolon: ${sql.slice(start, start + 60)}`)
  return statements
}

function endOfBlockComment(sql: string, from: number): number {
  let depth = 0
  for (let i = from; i < sql.length - 1; i++) {
    if (sql.startsWith('/*', i)) {
      depth++
      i++
    } else if (sql.startsWith('*/', i)) {
      depth--
      i++
      if (depth === 0) return i + 1
    }
  }
  throw new Error(`unterminated comment at ${sql.slice(from, from + 40)}`)
}

/** The end of the string or identifier opening at `from`; an E'…' string escapes with backslashes. */
function endOfQuoted(sql: string, from: number): number {
  const quote = sql[from]
  const backslashes = quote === "'" && /(^|[^\w])[eE]$/.test(sql.slice(Math.max(0, from - 2), from))
  for (let i = from + 1; i < sql.length; i++) {
    if (backslashes && sql[i] === '\\') i++
    else if (sql[i] === quote) {
      if (sql[i + 1] !== quote) return i + 1
      i++
    }
  }
  throw new Error(`unterminated ${quote} at ${sql.slice(from, from + 40)}`)
}

/** The `--` lines that end `trivia` with no blank line after them. */
function commentAbove(trivia: string): string {
  const lines = trivia.split('\n')
  if (lines.at(-1)?.trim() === '') lines.pop()
  const comment: string[] = []
  for (let line = lines.pop(); line !== undefined && /^\s*--/.test(line); line = lines.pop()) comment.unshift(line.trimEnd())
  return comment.join('\n')
}

const ident = String.raw`(?:"(?:[^"]|"")+"|\w+)`
const unquoted = (name: string) => (name.startsWith('"') ? name.slice(1, -1).replace(/""/g, '"') : name.toLowerCase())

/** The latest statement of each object, as the migrations leave them. */
interface Extracted {
  /** By `schema.name`. */
  functions: Map<string, { create: Statement; comment?: Statement; alteredSince: boolean }>
  views: Map<string, { create: Statement; comment?: Statement }>
  /** By `schema.table`, then by the policy's (or trigger's) name. */
  policies: Map<string, Map<string, Statement>>
  triggers: Map<string, Map<string, Statement>>
}

/** Follows the statements of every migration, in order, that create, comment, move and drop our objects. */
function extract(migrations: string[]): Extracted {
  const found: Extracted = { functions: new Map(), views: new Map(), policies: new Map(), triggers: new Map() }
  const partsOf = (parts: Map<string, Map<string, Statement>>, table: string) =>
    parts.get(table) ?? parts.set(table, new Map()).get(table)!
  const statementKinds: Array<[RegExp, (m: RegExpExecArray, statement: Statement) => void]> = [
    [
      /^create\s+(?:or\s+replace\s+)?function\s+(\w+)\.(\w+)\s*\(/i,
      (m, statement) => {
        const key = `${m[1]}.${m[2]}`
        found.functions.set(key, { ...found.functions.get(key), create: statement, alteredSince: false })
      },
    ],
    [
      /^comment\s+on\s+function\s+(\w+)\.(\w+)\s*\(/i,
      (m, statement) => {
        const fn = found.functions.get(`${m[1]}.${m[2]}`)
        if (fn) fn.comment = statement
      },
    ],
    [/^drop\s+function\s+(?:if\s+exists\s+)?(\w+)\.(\w+)\s*\(/i, (m) => found.functions.delete(`${m[1]}.${m[2]}`)],
    [
      /^alter\s+function\s+(\w+)\.(\w+)\s*\([^)]*\)\s+set\s+schema\s+(\w+)\s*;$/i,
      (m) => {
        const fn = found.functions.get(`${m[1]}.${m[2]}`)
        found.functions.delete(`${m[1]}.${m[2]}`)
        // Its text (and its comment's) still names the schema it was created in.
        if (fn) found.functions.set(`${m[3]}.${m[2]}`, { create: fn.create, alteredSince: true })
      },
    ],
    [
      // ALTER FUNCTION … SET search_path, SECURITY DEFINER, …: what its text says no longer holds.
      /^alter\s+function\s+(\w+)\.(\w+)\s*\(/i,
      (m) => {
        const fn = found.functions.get(`${m[1]}.${m[2]}`)
        if (fn) fn.alteredSince = true
      },
    ],
    [
      /^create\s+(?:or\s+replace\s+)?(?:materialized\s+)?view\s+(\w+)\.(\w+)/i,
      (m, statement) => found.views.set(`${m[1]}.${m[2]}`, { create: statement }),
    ],
    [
      /^comment\s+on\s+(?:materialized\s+)?view\s+(\w+)\.(\w+)/i,
      (m, statement) => {
        const view = found.views.get(`${m[1]}.${m[2]}`)
        if (view) view.comment = statement
      },
    ],
    [/^drop\s+(?:materialized\s+)?view\s+(?:if\s+exists\s+)?(\w+)\.(\w+)/i, (m) => found.views.delete(`${m[1]}.${m[2]}`)],
    [
      new RegExp(String.raw`^create\s+policy\s+(${ident})\s+on\s+(\w+)\.(\w+)`, 'i'),
      (m, statement) => partsOf(found.policies, `${m[2]}.${m[3]}`).set(unquoted(m[1]!), statement),
    ],
    [
      new RegExp(String.raw`^drop\s+policy\s+(?:if\s+exists\s+)?(${ident})\s+on\s+(\w+)\.(\w+)`, 'i'),
      (m) => partsOf(found.policies, `${m[2]}.${m[3]}`).delete(unquoted(m[1]!)),
    ],
    [
      new RegExp(String.raw`^create\s+(?:or\s+replace\s+)?trigger\s+(${ident})\s[\s\S]*?\son\s+(\w+)\.(\w+)`, 'i'),
      (m, statement) => partsOf(found.triggers, `${m[2]}.${m[3]}`).set(unquoted(m[1]!), statement),
    ],
    [
      new RegExp(String.raw`^drop\s+trigger\s+(?:if\s+exists\s+)?(${ident})\s+on\s+(\w+)\.(\w+)`, 'i'),
      (m) => partsOf(found.triggers, `${m[2]}.${m[3]}`).delete(unquoted(m[1]!)),
    ],
  ]
  for (const migration of migrations) {
    for (const statement of splitStatements(migration)) {
      for (const [pattern, record] of statementKinds) {
        const match = pattern.exec(statement.text)
        if (match) {
          record(match, statement)
          break
        }
      }
    }
  }
  return found
}

/** What the catalogue says of a function: who may execute it, and its comment. */
interface FunctionRow {
  /** pg_get_functiondef: CREATE OR REPLACE FUNCTION as PostgreSQL prints it. */
  definition: string
  schema: string
  name: string
  /** Qualified, argument types only: `private.f(text)`. */
  signature: string
  comment: string | null
  grantees: string[]
}

async function readCatalogue(db: SqlDatabase) {
  return db.transaction(async (tx) => {
    await tx.exec(`set local search_path = ''`)
    const ours = `n.nspname in ('private', 'public')`
    const notOfAnExtension = (catalog: string, oid: string) =>
      `not exists (select 1 from pg_catalog.pg_depend d where d.classid = 'pg_catalog.${catalog}'::regclass and d.objid = ${oid} and d.deptype = 'e')`
    const functions = await tx.query<FunctionRow>(`
      select n.nspname as schema, p.proname as name, pg_get_functiondef(p.oid) as definition, format('%s.%s(%s)', quote_ident(n.nspname), quote_ident(p.proname), oidvectortypes(p.proargtypes)) as signature,
             obj_description(p.oid, 'pg_proc') as comment,
             array(select case when e.grantee = 0 then 'public' else r.rolname end
                     from aclexplode(coalesce(p.proacl, acldefault('f', p.proowner))) e
                     left join pg_catalog.pg_roles r on r.oid = e.grantee
                    where e.privilege_type = 'EXECUTE' and (e.grantee = 0 or r.rolname in ('anon', 'authenticated', 'service_role'))
                    order by e.grantee <> 0, r.rolname collate "C") as grantees
        from pg_catalog.pg_proc p join pg_catalog.pg_namespace n on n.oid = p.pronamespace
       where ${ours} and p.prokind <> 'a' and ${notOfAnExtension('pg_proc', 'p.oid')}
       order by 1, 2, 3`)
    const tableParts = (catalog: string, nameColumn: string, tableColumn: string, extra = 'true') =>
      tx.query<{ table: string; name: string }>(`
        select n.nspname || '.' || c.relname as table, x.${nameColumn} as name
          from pg_catalog.${catalog} x
          join pg_catalog.pg_class c on c.oid = x.${tableColumn}
          join pg_catalog.pg_namespace n on n.oid = c.relnamespace
         where ${ours} and ${extra}
         order by 1, 2`)
    const views = await tx.query<{ name: string; comment: string | null }>(`
      select n.nspname || '.' || c.relname as name, obj_description(c.oid, 'pg_class') as comment
        from pg_catalog.pg_class c join pg_catalog.pg_namespace n on n.oid = c.relnamespace
       where ${ours} and c.relkind in ('v', 'm') and ${notOfAnExtension('pg_class', 'c.oid')}
       order by 1`)
    return {
      functions: functions.rows,
      views: views.rows,
      policies: (await tableParts('pg_policy', 'polname', 'polrelid')).rows,
      triggers: (await tableParts('pg_trigger', 'tgname', 'tgrelid', 'not x.tgisinternal')).rows,
    }
  })
}

type Catalogue = Awaited<ReturnType<typeof readCatalogue>>

/** A statement as a definition file holds it: its comment lines, then its text. */
const withComment = ({ comment, text }: Statement, replacement = text) => (comment ? `${comment}\n${replacement}` : replacement)

/** Map.groupBy, which Node 20 lacks. */
function groupBy<T>(items: T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>()
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item])
  return groups
}

const literal = (text: string) => `'${text.replace(/'/g, "''")}'`

/** The files' text by path, from the statements found and the catalogue. Throws for an object whose text no migration holds. */
function renderFiles(found: Extracted, catalogue: Catalogue): Map<string, string> {
  const files = new Map<string, string>()
  const missing: string[] = []
  const byName = groupBy(catalogue.functions, (fn) => `${fn.schema}.${fn.name}`)
  for (const [name, overloads] of byName) {
    const declared = found.functions.get(name)
    if (!declared || overloads.length > 1) {
      missing.push(`function ${name}${overloads.length > 1 ? ' (overloaded: extract it by hand)' : ''}`)
      continue
    }
    const fn = overloads[0]!
    // A function altered since its latest CREATE is restated as the catalogue prints it, under the same comment lines.
    if (declared.alteredSince)
      console.log(`function ${name}: altered after its latest create, so written as PostgreSQL prints it`)
    const create = declared.alteredSince
      ? `${fn.definition.trimEnd()};`
      : declared.create.text.replace(/^create\s+function/i, 'create or replace function')
    const statements = [withComment(declared.create, create)]
    if (fn.comment !== null) {
      statements.push(declared.comment?.text ?? `comment on function ${fn.signature} is ${literal(fn.comment)};`)
    }
    statements.push(`revoke all on function ${fn.signature} from public, anon, authenticated, service_role;`)
    if (fn.grantees.length > 0) statements.push(`grant execute on function ${fn.signature} to ${fn.grantees.join(', ')};`)
    files.set(`functions/${name.replace('.', '/')}.sql`, `${statements.join('\n')}\n`)
  }
  for (const view of catalogue.views) {
    const declared = found.views.get(view.name)
    if (!declared) {
      missing.push(`view ${view.name}`)
      continue
    }
    const statements = [withComment(declared.create, declared.create.text.replace(/^create\s+view/i, 'create or replace view'))]
    if (view.comment !== null)
      statements.push(declared.comment?.text ?? `comment on view ${view.name} is ${literal(view.comment)};`)
    files.set(`views/${view.name.replace('.', '/')}.sql`, `${statements.join('\n')}\n`)
  }
  const renderParts = (
    folder: string,
    rows: Catalogue['policies'],
    parts: Extracted['policies'],
    render: (s: Statement, table: string, name: string) => string,
  ) => {
    for (const [table, names] of groupBy(rows, (row) => row.table)) {
      const statements = parts.get(table) ?? new Map<string, Statement>()
      const wanted = new Set(names.map((row) => row.name))
      for (const name of wanted) if (!statements.has(name)) missing.push(`${folder} ${name} on ${table}`)
      // In the order the migrations created them.
      const texts = [...statements]
        .filter(([name]) => wanted.has(name))
        .map(([name, statement]) => render(statement, table, name))
      files.set(`${folder}/${table.replace('.', '/')}.sql`, `${texts.join('\n\n')}\n`)
    }
  }
  renderParts('policies', catalogue.policies, found.policies, (statement, table, name) =>
    withComment(statement, `drop policy if exists ${quoteIdent(name)} on ${table};\n${statement.text}`),
  )
  renderParts('triggers', catalogue.triggers, found.triggers, (statement) =>
    withComment(statement, statement.text.replace(/^create\s+trigger/i, 'create or replace trigger')),
  )
  if (missing.length > 0) throw new Error(`No migration statement reproduces: ${missing.join(', ')}`)
  return files
}

const quoteIdent = (name: string) => (/^[a-z_][a-z0-9_]*$/.test(name) ? name : `"${name.replace(/"/g, '""')}"`)

async function migratedDatabase(): Promise<SqlDatabase> {
  const db = await openPglite(undefined)
  await migrate(db, { seed: false })
  return db
}

async function main() {
  const migrationsDir = join(supabaseDir, 'migrations')
  const names = (await readdir(migrationsDir)).filter((name) => name.endsWith('.sql')).sort()
  const found = extract(await Promise.all(names.map((name) => readFile(join(migrationsDir, name), 'utf8'))))
  const db = await migratedDatabase()
  const files = renderFiles(found, await readCatalogue(db))
  await db.close()

  const outDir = join(supabaseDir, definitionsFolder)
  await rm(outDir, { recursive: true, force: true })
  for (const [path, text] of [...files].sort(([a], [b]) => a.localeCompare(b))) {
    await mkdir(dirname(join(outDir, path)), { recursive: true })
    await writeFile(join(outDir, path), text)
  }
  console.log(`Wrote ${files.size} files under ${outDir}`)

  const check = await migratedDatabase()
  const problems = definitionProblems(await applyDefinitions(check, await readDefinitionFiles(supabaseDir)))
  await check.close()
  if (problems.length > 0) {
    console.error(`These files do not restate what the migrations made:\n${problems.join('\n')}`)
    process.exitCode = 1
  }
}

await main()
