import { randomUUID } from 'node:crypto'
import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AttemptStatus } from '../../src/domain/attempt-status.ts'
import { readPage, type ListPage } from '../../src/lib/admin/admin-reads.ts'
import type { Database, Tables, TablesInsert } from '../../src/lib/api/database.types.ts'
import { adminClient, nonAdminClient, serviceClient } from './clients.ts'
import { isoFromNow, minute, must, randomCode, succeeded } from './exam-data.ts'

/**
 * Issue 13 on the server: past hosted PostgREST's 1,000 rows a read, the admin screens' figures
 * stay exact (admin_counts, admin_live_attempt_counts) and their lists, read a page at a time as
 * the screens read them, reach every row exactly once, problems first in the proctor room.
 */

type Client = SupabaseClient<Database>
type LoginCode = Tables<'login_codes'>
type LiveAttempt = Database['public']['Functions']['admin_live_attempts']['Returns'][number]

const service = serviceClient()
let admin: Client

const availableCount = 1100
const usedCount = 400
/** One attempt a code for the first of them, more than a read returns too. */
const attemptCount = 1200
/** Rows a request of this file names at most: a URL far under any limit. */
const rowsPerRequest = 200

const codes: string[] = []
/** The status each attempt of this file has at the server's clock, however long the file runs. */
const expectedStatus = new Map<string, AttemptStatus>()

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
}

/** The number a head request with `count: 'exact'` answers. */
async function countOf(request: PromiseLike<{ count: number | null; error: { message: string } | null }>): Promise<number> {
  const { count, error } = await request
  if (error || count === null) throw new Error(`could not count: ${error?.message}`)
  return count
}

/** What admin_counts should say, counted with the service role, one table at a time. */
async function countedBehindRls() {
  const head = { count: 'exact', head: true } as const
  return {
    questions: await countOf(service.from('questions').select('*', head)),
    login_codes: await countOf(service.from('login_codes').select('*', head)),
    codes_used: await countOf(service.from('login_codes').select('*', head).eq('is_used', true)),
    submissions: await countOf(service.from('submissions').select('*', head)),
  }
}

let before: Awaited<ReturnType<typeof countedBehindRls>>

beforeAll(async () => {
  admin = await adminClient()
  before = await countedBehindRls()
  const rows: TablesInsert<'login_codes'>[] = Array.from({ length: availableCount + usedCount }, (_, i) => {
    const code = randomCode()
    codes.push(code)
    const used = i < usedCount
    return { code, is_used: used, used_by: used ? `Student ${i}` : null, used_at: used ? isoFromNow(-minute) : null }
  })
  // Each batch is one statement, so its codes share created_at: the lists' order must not depend on it alone.
  for (const batch of chunks(rows, 500)) succeeded(await service.from('login_codes').insert(batch))

  const attempts = codes.slice(0, attemptCount).map((code, i): TablesInsert<'exam_attempts'> => {
    const id = randomUUID()
    const status = (['offline', 'submitted_on_device', 'on_track', 'received'] as const)[i % 4] as AttemptStatus
    expectedStatus.set(id, status)
    return {
      id,
      login_code: code,
      student_name: `Student ${String(i).padStart(4, '0')}`,
      started_at: isoFromNow(-20 * minute),
      deadline: isoFromNow(10 * minute),
      question_count: 50,
      state: status === 'offline' || status === 'on_track' ? 'in_progress' : status,
      // Offline ones silent for minutes, each for its own time; the others heard from "in the
      // future", so that none turns offline while a loaded machine runs the file.
      last_seen: status === 'offline' ? isoFromNow(-5 * minute - i * 1000) : isoFromNow(10 * minute),
    }
  })
  for (const batch of chunks(attempts, 500)) succeeded(await service.from('exam_attempts').insert(batch))
}, 120_000)

afterAll(async () => {
  // Their attempts go with them (on delete cascade).
  for (const batch of chunks(codes, rowsPerRequest)) succeeded(await service.from('login_codes').delete().in('code', batch))
}, 120_000)

/** Every page of a list, first to last, as a screen turns them. */
async function everyPage<Row>(pageSize: number, read: Parameters<typeof readPage<Row>>[3]): Promise<ListPage<Row>[]> {
  const pages: ListPage<Row>[] = []
  for (let pageIndex = 0; pages.length === 0 || pageIndex * pageSize < (pages[0]?.total ?? 0); pageIndex++) {
    const page = await readPage('Failed to load', pageIndex, pageSize, read)
    if (!page.ok) throw new Error(page.error)
    expect(page.data.pageIndex).toBe(pageIndex)
    pages.push(page.data)
  }
  return pages
}

/** A page of the Login Code Manager's lists, read as src/lib/admin/admin-login-codes.ts reads it. */
const codesPage = (used: boolean) => (from: number, to: number) =>
  admin
    .from('login_codes')
    .select('*', { count: 'exact' })
    .eq('is_used', used)
    .order('created_at', { ascending: false })
    .order('id')
    .range(from, to)

/** A page of the proctor room, problems first, read as src/lib/admin/admin-attempts.ts reads it. */
const attemptsPage = (from: number, to: number) =>
  admin.rpc('admin_live_attempts', { order_by: 'problems' }, { count: 'exact' }).range(from, to)

describe('admin_counts', () => {
  it('counts every row exactly, in one request, however many more than a read returns', async () => {
    const counts = must(await admin.rpc('admin_counts'))

    // Available codes (neither used nor started with) are counted in tests/integration/login-code-batches.test.ts.
    expect(counts).toEqual({ ...(await countedBehindRls()), codes_available: expect.any(Number) })
    expect(counts).toMatchObject({
      login_codes: before.login_codes + availableCount + usedCount,
      codes_used: before.codes_used + usedCount,
    })
  })

  it('tells a signed-in user who is not an administrator nothing', async () => {
    const nonAdmin = await nonAdminClient()

    expect(await nonAdmin.rpc('admin_counts')).toMatchObject({ data: null, error: { code: '42501' } })
  })
})

describe("the Login Code Manager's lists", () => {
  it.each([
    ['available', false, availableCount],
    ['used', true, usedCount],
  ])('reach every %s code exactly once, page by page, newest first', async (_list, used, ours) => {
    const pages = await everyPage(50, codesPage(used))
    const rows = pages.flatMap((page) => page.rows)

    const total = pages[0]?.total ?? 0
    expect(pages.every((page) => page.total === total)).toBe(true)
    expect(rows).toHaveLength(total)
    expect(new Set(rows.map((row) => row.id)).size).toBe(total)
    expect(rows.every((row) => row.is_used === used)).toBe(true)
    const ourCodes = new Set(used ? codes.slice(0, usedCount) : codes.slice(usedCount))
    expect(rows.filter((row) => ourCodes.has(row.code))).toHaveLength(ours)
    // Newest first, and the id in a tie, so that no row moves between pages.
    const inOrder = (a: LoginCode, b: LoginCode) =>
      Date.parse(a.created_at) > Date.parse(b.created_at) || (a.created_at === b.created_at && a.id < b.id)
    expect(rows.slice(1).every((row, i) => inOrder(rows[i] as LoginCode, row))).toBe(true)
  })

  it('answer a page past the end, once the list has shrunk, with its last page', async () => {
    const page = await readPage('Failed to load', 1000, 50, codesPage(true))

    if (!page.ok) throw new Error(page.error)
    const lastIndex = Math.ceil(page.data.total / 50) - 1
    expect(page.data.pageIndex).toBe(lastIndex)
    expect(page.data.rows).toHaveLength(page.data.total - lastIndex * 50)
  })

  it('find the existing codes among candidates, used or not, and refuse a batch holding one with 23505, inserting none', async () => {
    const fresh = randomCode()
    const candidates = [codes[0] as string, fresh, codes[usedCount] as string]

    const found = must(await admin.from('login_codes').select('code').in('code', candidates))
    expect(found.map((row) => row.code).sort()).toEqual([codes[0], codes[usedCount]].sort())

    const { error } = await admin.from('login_codes').insert(candidates.slice(0, 2).map((code) => ({ code })))
    expect(error?.code).toBe('23505')
    expect(must(await admin.from('login_codes').select('code').eq('code', fresh))).toEqual([])
  })
})

describe("the proctor room's attempts", () => {
  it('reach every attempt exactly once, problems first, with counts that match them', async () => {
    const pages = await everyPage<LiveAttempt>(100, attemptsPage)
    const rows = pages.flatMap((page) => page.rows)

    const total = pages[0]?.total ?? 0
    expect(total).toBeGreaterThanOrEqual(attemptCount)
    expect(rows.map((row) => row.display_order)).toEqual(Array.from({ length: total }, (_, i) => i + 1))
    const ours = rows.filter((row) => expectedStatus.has(row.id))
    expect(ours).toHaveLength(attemptCount)
    expect(ours.every((row) => row.status === expectedStatus.get(row.id))).toBe(true)
    const statusOrder = ['offline', 'submitted_on_device', 'refused', 'on_track', 'received']
    // A moved attempt is settled, sorted with the received ones (issue 26).
    const ranks = rows.map((row) => statusOrder.indexOf(row.status === 'moved' ? 'received' : row.status))
    expect(ranks.every((rank, i) => rank >= 0 && rank >= (ranks[i - 1] ?? 0))).toBe(true)
    // The offline ones longest silent first.
    const offline = rows.filter((row) => row.status === 'offline').map((row) => Date.parse(row.last_seen))
    expect(offline.every((lastSeen, i) => lastSeen >= (offline[i - 1] ?? lastSeen))).toBe(true)

    const tally: Record<string, number> = { offline: 0, submitted_on_device: 0, refused: 0, on_track: 0, received: 0, moved: 0 }
    for (const row of rows) tally[row.status]!++
    const writing = tally.offline! + tally.on_track!
    // The outage figures (attempt-notes.test.ts checks them) come with the counts.
    expect(must(await admin.rpc('admin_live_attempt_counts'))).toEqual({
      ...tally,
      writing,
      silent_together: expect.any(Number),
      silent_since: tally.offline ? expect.any(String) : null,
    })
  })
})
