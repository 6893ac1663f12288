import type { PostgrestError } from '@supabase/supabase-js'
import { adminRequest, type AdminResult } from './admin-result'
import type { Json } from '../api/database.types'
import { countsSchema, parseAnswer } from './rpc-answers'

// Hosted PostgREST returns at most max_rows (1,000) rows per read and says nothing of the rest,
// so admin screens never read a whole table: figures come from SQL counts, lists a page at a time.

/** One page of a list read a page at a time. */
export interface ListPage<Row> {
  rows: Row[]
  /** Counted from 0: the page asked for, or the last one when the list has shrunk below it. */
  pageIndex: number
  /** How many rows the whole list has. */
  total: number
}

/** The index of the last page of a list of `total` rows; 0 for an empty list, which shows one empty page. */
export function lastPageIndex(total: number, pageSize: number): number {
  return Math.max(0, Math.ceil(total / pageSize) - 1)
}

/** supabase-js's answer to a read made with `count: 'exact'`. */
type CountedReply<Row> = { data: Row[]; error: null; count: number | null } | { data: null; error: PostgrestError; count: null }

/** PostgREST's answer (416) to a counted read whose range starts past the end of the rows. */
const rangeNotSatisfiable = 'PGRST103'

/**
 * Page `pageIndex` of a list, read by `read(from, to)` (rows `from` to `to`, inclusive, with
 * `count: 'exact'`), in the list's own order. When the list has shrunk below that page since
 * the admin chose it (codes used or deleted by others), its last page comes instead: the first
 * page's count says which one that is.
 */
export function readPage<Row>(
  failure: string,
  pageIndex: number,
  pageSize: number,
  read: (from: number, to: number) => PromiseLike<CountedReply<Row>>,
): Promise<AdminResult<ListPage<Row>>> {
  const readAt = async (index: number) => ({ index, reply: await read(index * pageSize, (index + 1) * pageSize - 1) })
  return adminRequest({ message: failure }, async () => {
    let page = await readAt(pageIndex)
    if (page.reply.error?.code === rangeNotSatisfiable) page = await readAt(0)
    if (page.reply.error) return page.reply
    const shown = Math.min(pageIndex, lastPageIndex(page.reply.count ?? 0, pageSize))
    if (shown !== page.index) page = await readAt(shown)
    const { data, error, count } = page.reply
    if (error) return { data: null, error }
    return { data: { rows: data, pageIndex: page.index, total: count ?? 0 }, error: null }
  })
}

/**
 * An admin function's counts: a JSON object with a whole number for each of `keys`. An answer of
 * another shape fails with `failure` too: the screen would show wrong figures.
 */
export async function readCounts<const Key extends string>(
  failure: string,
  keys: readonly Key[],
  call: () => PromiseLike<{ data: Json; error: null } | { data: null; error: PostgrestError }>,
): Promise<AdminResult<Record<Key, number>>> {
  const reply = await adminRequest({ message: failure }, call)
  return parseAnswer(reply, countsSchema(keys), failure)
}

type Loaded<Reads> = { [Name in keyof Reads]: Reads[Name] extends Promise<AdminResult<infer Data>> ? Data : never }

/** A screen's reads, made at once: all their data, or the first failure in `reads`' order. */
export async function loadAll<Reads extends Record<string, Promise<AdminResult<unknown>>>>(
  reads: Reads,
): Promise<AdminResult<Loaded<Reads>>> {
  const results = await Promise.all(Object.entries(reads).map(async ([name, read]) => [name, await read] as const))
  const data: Record<string, unknown> = {}
  for (const [name, result] of results) {
    if (!result.ok) return result
    data[name] = result.data
  }
  return { ok: true, data: data as Loaded<Reads> }
}
