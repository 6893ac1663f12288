import type { IncomingMessage } from 'node:http'
import { clientAddress, type TrustedProxies } from '../client-address.ts'
import type { SqlClient, SqlDatabase, TransactionClient } from '../db.ts'
import { BodyTooLarge, bearerToken, maxBodyBytes, readBody, sendJson, type RouteHandler } from '../http.ts'
import { JwtRejected, type JwtKeys } from '../keys.ts'
import { createRequestRunner, type ApiRole, type RequestIdentity } from '../run-as.ts'
import { loadCatalog, type Catalog, type FunctionInfo, type TableInfo } from './catalog.ts'
import { readMaxRows } from './max-rows.ts'
import { parseQuery, type ParsedQuery } from './query-string.ts'
import { RestError, fromPostgresError, parseError } from './rest-error.ts'
import { capRange, rangeStatus, requestedRange, type RowRange } from './row-range.ts'
import { Params, column, orderClause, pageClause, quoteIdent, selectList, whereClause } from './sql-builder.ts'

/** The subset of PostgREST that supabase-js sends for our calls, on `/rest/v1/`. */
export function createRestApi({
  db,
  keys,
  trustedProxies,
}: {
  db: SqlDatabase
  keys: JwtKeys
  trustedProxies: TrustedProxies
}): RouteHandler {
  let catalog: Promise<Catalog> | undefined
  const maxRows = readMaxRows()
  const requests = createRequestRunner(db)
  return async (req, res, url) => {
    let role: ApiRole = 'anon'
    try {
      const identity = await identify(req, keys, trustedProxies)
      role = identity.role
      checkProfile(req)
      const request: RestRequest = {
        method: req.method ?? 'GET',
        path: url.pathname.slice('/rest/v1/'.length),
        query: url.searchParams,
        rangeHeader: req.headers.range,
        prefer: parsePrefer([req.headers.prefer ?? []].flat().join(',')),
        wantsObject: (req.headers.accept ?? '').includes('application/vnd.pgrst.object+json'),
        // The role is known (the token verified) before a byte of the body is read.
        body: req.method === 'GET' || req.method === 'HEAD' ? undefined : parseBody(await readBody(req, maxBodyBytesOf[role])),
      }
      const served = { catalog: await (catalog ??= loadCatalog(db)), maxRows }
      const reply = await requests.runAs(identity, (tx) => route(tx, served, request))
      res.writeHead(reply.status, {
        ...(reply.body === undefined
          ? {}
          : {
              'Content-Type': `${request.wantsObject ? 'application/vnd.pgrst.object+json' : 'application/json'}; charset=utf-8`,
            }),
        ...reply.headers,
      })
      res.end(req.method === 'HEAD' ? undefined : reply.body)
    } catch (error) {
      const rest =
        error instanceof BodyTooLarge
          ? new RestError(413, 'PGRST413', 'Payload Too Large', `A request body may have at most ${error.limit} bytes.`)
          : error instanceof JwtRejected
            ? new RestError(
                401,
                error.expired ? 'PGRST303' : 'PGRST301',
                error.expired ? 'JWT expired' : `Invalid JWT: ${error.message}`,
              )
            : fromPostgresError(error, role)
      sendJson(
        res,
        rest.status,
        req.method === 'HEAD' ? undefined : rest,
        rest.status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {},
      )
    }
  }
}

interface RestRequest {
  method: string
  path: string
  query: URLSearchParams
  rangeHeader: string | undefined
  prefer: Prefer
  wantsObject: boolean
  body: unknown
}

/** What requests are served against: the schema, and the most rows one read returns (max_rows). */
interface Served {
  catalog: Catalog
  maxRows: number
}

interface Reply {
  status: number
  body?: string
  headers?: Record<string, string>
}

interface Prefer {
  returnRepresentation: boolean
  /** `count=exact`, `planned` or `estimated`: answer with the number of rows the read could return. */
  count: boolean
  missingDefault: boolean
  resolution?: 'merge-duplicates' | 'ignore-duplicates'
}

const roles: ApiRole[] = ['anon', 'authenticated', 'service_role']

/**
 * The largest body each role may send. The database runs one statement at a time, so a body
 * parsed and bound in full holds every other request (7.6 MB held them 2.3 s). A student's
 * largest honest call (submit_exam with 50 answers) is a few KB; an administrator's is an
 * import of 50 questions, at most 1.8 MB with every text at its longest in 4-byte characters.
 */
const maxBodyBytesOf: Record<ApiRole, number> = {
  anon: 64 * 1024,
  authenticated: 4 * 1024 * 1024,
  service_role: maxBodyBytes,
}

async function identify(req: IncomingMessage, keys: JwtKeys, trustedProxies: TrustedProxies): Promise<RequestIdentity> {
  const apikey = req.headers.apikey
  if (typeof apikey !== 'string' || apikey === '') throw new RestError(401, 'PGRST301', 'No API key found in request')
  await keys.verify(apikey)
  const claims = await keys.verify(bearerToken(req) ?? apikey)
  const role = claims.role as ApiRole
  if (!roles.includes(role)) throw new RestError(401, 'PGRST301', `Invalid JWT: role "${String(claims.role)}" is not allowed`)
  return { role, claims, headers: requestHeaders(req, trustedProxies) }
}

/** Headers in which a client could name an address of its choosing for itself. */
const clientAddressHeaders = new Set(['x-forwarded-for', 'cf-connecting-ip', 'x-real-ip', 'forwarded'])

/**
 * The headers for `request.headers`, with exactly one client address, in x-forwarded-for, as
 * a gateway puts it there (the student functions limit code guessing per address). No
 * Cloudflare stands in front of the local stack, so a cf-connecting-ip header, which the
 * database would believe first, can only be forged.
 */
function requestHeaders(req: IncomingMessage, trustedProxies: TrustedProxies): Record<string, string> {
  const headers: Record<string, string> = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (value !== undefined && !clientAddressHeaders.has(name)) headers[name] = Array.isArray(value) ? value.join(', ') : value
  }
  headers['x-forwarded-for'] = clientAddress(req, trustedProxies)
  return headers
}

function checkProfile(req: IncomingMessage): void {
  const profile = req.headers['accept-profile'] ?? req.headers['content-profile']
  if (profile !== undefined && String(profile) !== 'public') {
    throw new RestError(406, 'PGRST106', 'The schema must be one of the following: public', null, null)
  }
}

function parsePrefer(header: string): Prefer {
  const values = header.split(',').map((v) => v.trim())
  const resolution = values.find((v) => v.startsWith('resolution='))?.slice('resolution='.length)
  return {
    returnRepresentation: values.includes('return=representation'),
    count: values.some((v) => /^count=(exact|planned|estimated)$/.test(v)),
    missingDefault: values.includes('missing=default'),
    resolution: resolution === 'merge-duplicates' || resolution === 'ignore-duplicates' ? resolution : undefined,
  }
}

/**
 * Far deeper than any body our calls send. A deeper one is refused here: JSON.stringify, which
 * binds it as a parameter, would overflow the stack and answer 500.
 */
const maxJsonDepth = 64

function parseBody(text: string): unknown {
  if (text.trim() === '') return undefined
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
  if (nestedDeeperThan(body, maxJsonDepth)) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json', `JSON nested deeper than ${maxJsonDepth} levels`)
  }
  return body
}

/** Walks without recursion, so the check itself cannot overflow. */
function nestedDeeperThan(value: unknown, limit: number): boolean {
  const pending: Array<{ item: unknown; depth: number }> = [{ item: value, depth: 0 }]
  for (let next = pending.pop(); next; next = pending.pop()) {
    if (next.item === null || typeof next.item !== 'object') continue
    if (next.depth >= limit) return true
    for (const child of Object.values(next.item)) pending.push({ item: child, depth: next.depth + 1 })
  }
  return false
}

async function route(tx: TransactionClient, served: Served, request: RestRequest): Promise<Reply> {
  if (request.path.startsWith('rpc/')) return callFunction(tx, served, request)
  const table = served.catalog.tables.get(request.path)
  if (!table) {
    throw new RestError(404, 'PGRST205', `Could not find the table 'public.${request.path}' in the schema cache`)
  }
  const query = parseQuery(request.query)
  switch (request.method) {
    case 'GET':
    case 'HEAD':
      return select(tx, served, table, query, request)
    case 'POST':
      return insert(tx, table, query, request)
    case 'PATCH':
      return update(tx, table, query, request)
    case 'DELETE':
      return remove(tx, table, query, request)
    default:
      throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`)
  }
}

/**
 * Runs a statement that yields rows and answers with them as PostgREST would. `total`, a query
 * counting every row a read could return, runs in the same statement; `ctes` are common table
 * expressions both may name.
 */
async function rowsReply(
  tx: SqlClient,
  statement: string,
  params: Params,
  request: RestRequest,
  { ctes, total }: { ctes?: string; total?: string } = {},
): Promise<{ count: number; body: string; total?: number }> {
  const { rows } = await tx.query<{ count: number; body: string; total: number | null }>(
    `with ${ctes ? `${ctes}, ` : ''}_rows as (${statement})
     select count(*)::int as count, coalesce(json_agg(_rows), '[]')::text as body, ${total ? `(${total})::int` : 'null::int'} as total
       from _rows`,
    params.values,
  )
  const { count, body, total: counted } = rows[0] as { count: number; body: string; total: number | null }
  const result = { count, body, total: counted ?? undefined }
  if (!request.wantsObject) return result
  if (count !== 1) {
    // Thrown inside the transaction, so a mutation that did not hit exactly one row is undone.
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${count} rows`)
  }
  return { ...result, body: JSON.stringify((JSON.parse(body) as unknown[])[0]) }
}

/** What a read selects: `columns` of `source` (a table, a view or a CTE of `ctes`), filtered and ordered. */
interface Read {
  ctes?: string
  source: string
  columns: string
  /** ` where …`, bound in the read's Params. */
  where?: string
  order?: string
}

/**
 * A read answered as PostgREST answers it: the requested rows (Range header, limit, offset) but
 * never more than max_rows, with the status and Content-Range that say which rows came back.
 */
async function readReply(
  tx: SqlClient,
  served: Served,
  read: Read,
  page: { limit?: number; offset?: number },
  params: Params,
  request: RestRequest,
): Promise<Reply> {
  const range = requestedRange(request.method, request.rangeHeader, page)
  const filtered = `${read.source}${read.where ?? ''}`
  const statement = `select ${read.columns} from ${filtered}${read.order ?? ''}${pageClause(capRange(range, served.maxRows))}`
  // count=planned and count=estimated ask for PostgreSQL's guess, to spare counting a big
  // table; on the embedded database the exact count is cheap, so all three get it.
  const total = request.prefer.count ? `select count(*) from ${filtered}` : undefined
  const rows = await rowsReply(tx, statement, params, request, { ctes: read.ctes, total })
  return rangeReply(range, rows.count, rows.total, rows.body)
}

function rangeReply(range: RowRange, rowCount: number, total: number | undefined, body: string): Reply {
  const { status, contentRange, outOfBounds } = rangeStatus(range, rowCount, total)
  return { status, body: outOfBounds ? JSON.stringify(outOfBounds) : body, headers: { 'Content-Range': contentRange } }
}

async function select(tx: SqlClient, served: Served, table: TableInfo, query: ParsedQuery, request: RestRequest): Promise<Reply> {
  const params = new Params()
  const read = {
    source: `public.${quoteIdent(table.name)}`,
    columns: selectList(table, query.select),
    where: whereClause(table, query.filters, params),
    order: orderClause(table, query.order),
  }
  return readReply(tx, served, read, query, params, request)
}

function bodyRows(body: unknown): Array<Record<string, unknown>> {
  const rows = Array.isArray(body) ? body : [body]
  if (body === undefined || rows.length === 0 || !rows.every((r) => typeof r === 'object' && r !== null && !Array.isArray(r))) {
    throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  }
  return rows as Array<Record<string, unknown>>
}

function payloadColumns(table: TableInfo, query: ParsedQuery, rows: Array<Record<string, unknown>>): string[] {
  const names = query.columns ?? [...new Set(rows.flatMap((row) => Object.keys(row)))]
  for (const name of names) {
    if (!table.columns.has(name)) {
      throw new RestError(400, 'PGRST204', `Could not find the '${name}' column of '${table.name}' in the schema cache`)
    }
  }
  if (names.length === 0) throw new RestError(400, 'PGRST102', 'Empty or invalid json')
  return names
}

async function insert(tx: SqlClient, table: TableInfo, query: ParsedQuery, request: RestRequest): Promise<Reply> {
  const rows = bodyRows(request.body)
  const names = payloadColumns(table, query, rows)
  const { prefer } = request
  const conflictColumns = query.onConflict ?? table.primaryKey
  let conflict = ''
  if (prefer.resolution) {
    const target = conflictColumns.map((c) => column(table, c)).join(', ')
    const updates = names.filter((n) => !conflictColumns.includes(n)).map((n) => `${quoteIdent(n)} = excluded.${quoteIdent(n)}`)
    conflict =
      prefer.resolution === 'ignore-duplicates' || updates.length === 0
        ? ` on conflict (${target}) do nothing`
        : ` on conflict (${target}) do update set ${updates.join(', ')}`
  }
  // With missing=default a key absent from a row takes the column default, so such rows
  // go in one by one with their own column lists; otherwise one statement inserts them all.
  const batches =
    prefer.missingDefault && rows.some((row) => names.some((n) => !(n in row)))
      ? rows.map((row) => ({ rows: [row], names: names.filter((n) => n in row) }))
      : [{ rows, names }]
  let count = 0
  const bodies: unknown[] = []
  for (const batch of batches) {
    const params = new Params()
    const target = batch.names.map(quoteIdent).join(', ')
    const source =
      batch.names.length === 0
        ? 'default values'
        : `select ${target} from json_populate_recordset(null::public.${quoteIdent(table.name)}, ${params.bind(JSON.stringify(batch.rows))}::json)`
    const statement = `insert into public.${quoteIdent(table.name)}${batch.names.length ? ` (${target})` : ''} ${source}${conflict}`
    if (prefer.returnRepresentation || request.wantsObject) {
      const reply = await rowsReply(tx, `${statement} returning ${selectList(table, query.select)}`, params, {
        ...request,
        wantsObject: false,
      })
      count += reply.count
      bodies.push(...(JSON.parse(reply.body) as unknown[]))
    } else {
      count += (await tx.query(statement, params.values)).affectedRows ?? 0
    }
  }
  return mutationReply(201, count, bodies, request)
}

function mutationReply(status: number, count: number, rows: unknown[], request: RestRequest): Reply {
  if (request.wantsObject && count !== 1) {
    throw new RestError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${count} rows`)
  }
  const headers = { 'Content-Range': `*/${count}` }
  if (!request.prefer.returnRepresentation && !request.wantsObject) return { status: status === 201 ? 201 : 204, headers }
  return { status, headers, body: JSON.stringify(request.wantsObject ? rows[0] : rows) }
}

/** Like pg-safeupdate on hosted Supabase: an UPDATE or DELETE must say which rows. */
function requireFilters(query: ParsedQuery, verb: string): void {
  if (query.filters.length === 0) throw new RestError(400, '21000', `${verb} requires a WHERE clause`)
}

async function update(tx: SqlClient, table: TableInfo, query: ParsedQuery, request: RestRequest): Promise<Reply> {
  requireFilters(query, 'UPDATE')
  const [row] = bodyRows(request.body)
  if (Array.isArray(request.body)) throw new RestError(400, 'PGRST102', 'A PATCH body must be one JSON object')
  const names = payloadColumns(table, query, [row as Record<string, unknown>])
  const params = new Params()
  const target = names.map(quoteIdent).join(', ')
  const statement =
    `update public.${quoteIdent(table.name)} set (${target}) = ` +
    `(select ${target} from json_populate_record(null::public.${quoteIdent(table.name)}, ${params.bind(JSON.stringify(row))}::json))` +
    whereClause(table, query.filters, params)
  return mutate(tx, table, statement, params, query, request)
}

async function remove(tx: SqlClient, table: TableInfo, query: ParsedQuery, request: RestRequest): Promise<Reply> {
  requireFilters(query, 'DELETE')
  const params = new Params()
  const statement = `delete from public.${quoteIdent(table.name)}${whereClause(table, query.filters, params)}`
  return mutate(tx, table, statement, params, query, request)
}

async function mutate(
  tx: SqlClient,
  table: TableInfo,
  statement: string,
  params: Params,
  query: ParsedQuery,
  request: RestRequest,
): Promise<Reply> {
  if (request.prefer.returnRepresentation || request.wantsObject) {
    const reply = await rowsReply(tx, `${statement} returning ${selectList(table, query.select)}`, params, {
      ...request,
      wantsObject: false,
    })
    return mutationReply(200, reply.count, JSON.parse(reply.body) as unknown[], request)
  }
  const { affectedRows } = await tx.query(statement, params.values)
  return mutationReply(200, affectedRows ?? 0, [], request)
}

async function callFunction(tx: TransactionClient, served: Served, request: RestRequest): Promise<Reply> {
  const name = request.path.slice('rpc/'.length)
  // GET and HEAD (supabase-js' `rpc(fn, args, { get: true })` and `{ head: true }`) carry the
  // arguments in the query string and, as in PostgREST, run in a read-only transaction.
  const readOnly = request.method === 'GET' || request.method === 'HEAD'
  if (!readOnly && request.method !== 'POST') {
    throw new RestError(405, 'PGRST117', `Unsupported HTTP method: ${request.method}`)
  }
  const { queryArgs, page } = splitCallQuery(request.query, name, readOnly)
  const bodyArgs = request.body === undefined ? {} : request.body
  if (typeof bodyArgs !== 'object' || bodyArgs === null || Array.isArray(bodyArgs))
    throw new RestError(400, 'PGRST102', 'RPC arguments must be one JSON object')
  const values = bodyArgs as Record<string, unknown>
  const given = readOnly ? [...queryArgs.keys()] : Object.keys(values)
  const fn = (served.catalog.functions.get(name) ?? []).find((candidate) => matches(candidate, given))
  if (!fn) {
    throw new RestError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${given.sort().join(', ')}) in the schema cache`,
      'Searched for the function with the given named arguments, but no matches were found in the schema cache.',
    )
  }
  const params = new Params()
  const call = `public.${quoteIdent(fn.name)}(${fn.args
    .filter((a) => given.includes(a.name))
    .map((a) => {
      const text = readOnly ? (queryArgs.get(a.name) as string) : argumentText(values[a.name], a.type)
      return `${quoteIdent(a.name)} => ${params.bind(text)}::text::${a.type}`
    })
    .join(', ')})`
  if (readOnly) await tx.query('set transaction read only')
  // A call of a function returning one value is the request's one statement, and nothing after
  // it can fail: it goes with COMMIT. A set's rows are still checked (an object asked for).
  if (fn.returnsVoid) {
    await tx.queryAndCommit(`select ${call}`, params.values)
    return { status: 204 }
  }
  // Of a set's rows a caller may select some columns (as a screen that shows only those moves only those).
  const plainColumns = page.select.every((item) => !item.cast && !item.alias)
  if (!plainColumns || (!fn.returnsSet && page.select.some((item) => item.column !== '*'))) {
    throw parseError(`Only select=* or a list of the result's columns is supported on /rpc/${name}`)
  }
  if (fn.returnsSet) {
    const result: TableInfo = { name: fn.name, columns: new Map(fn.columns.map((name) => [name, ''])), primaryKey: [] }
    const read = { ctes: `_call as (select * from ${call})`, source: '_call', columns: selectList(result, page.select) }
    return readReply(tx, served, read, page, params, request)
  }
  const { rows } = await tx.queryAndCommit<{ body: string }>(`select to_json(${call})::text as body`, params.values)
  return { status: 200, body: rows[0]?.body ?? 'null' }
}

/** Query parameters of a call that are no arguments: which rows of the function's result to return. */
const rowParameters = new Set(['select', 'limit', 'offset'])

/** A call's query string: the arguments (`queryArgs`, only where they may be) and the rows of the result to return. */
function splitCallQuery(
  query: URLSearchParams,
  name: string,
  argumentsAllowed: boolean,
): { queryArgs: Map<string, string>; page: ParsedQuery } {
  const rowQuery = new URLSearchParams()
  const queryArgs = new Map<string, string>()
  for (const [key, value] of query) {
    if (!rowParameters.has(key)) {
      if (!argumentsAllowed) throw parseError(`Query parameters are not supported on /rpc/${name}`)
      queryArgs.set(key, value)
    } else {
      rowQuery.append(key, value)
    }
  }
  return { queryArgs, page: parseQuery(rowQuery) }
}

function matches(fn: FunctionInfo, given: string[]): boolean {
  const names = new Set(fn.args.map((a) => a.name))
  const required = fn.args.slice(0, fn.requiredArgs).map((a) => a.name)
  return given.every((g) => names.has(g)) && required.every((r) => given.includes(r))
}

/**
 * Arguments travel as text and are cast to the declared type by Postgres (a bad value is its
 * 22P02, not a throw from the driver's own conversion); JSON ones as JSON text.
 */
function argumentText(value: unknown, type: string): string | null {
  if (value === null || value === undefined) return null
  if (typeof value === 'object' || type === 'json' || type === 'jsonb') return JSON.stringify(value)
  return String(value)
}
