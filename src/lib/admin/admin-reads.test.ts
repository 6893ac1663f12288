import type { PostgrestError } from '@supabase/supabase-js'
import { describe, expect, it } from 'vitest'
import type { AdminResult } from './admin-result'
import { lastPageIndex, loadAll, readCounts, readPage } from './admin-reads'

const failure = 'Failed to load login codes'

function postgrestError(code: string, message: string): PostgrestError {
  return { code, message, details: '', hint: '', name: 'PostgrestError' } as PostgrestError
}

/** A list of `total` numbered rows, read as PostgREST answers a counted read; records the ranges asked for. */
function countedList(total: number) {
  const ranges: Array<[number, number]> = []
  const read = async (from: number, to: number) => {
    ranges.push([from, to])
    if (from > total) return { data: null, error: postgrestError('PGRST103', 'Requested range not satisfiable'), count: null }
    return {
      data: Array.from({ length: Math.max(0, Math.min(to, total - 1) - from + 1) }, (_, i) => from + i),
      error: null,
      count: total,
    }
  }
  return { read, ranges }
}

describe('lastPageIndex', () => {
  it('counts pages from 0, an empty list having one empty page', () => {
    expect([0, 1, 50, 51, 100, 1500].map((total) => lastPageIndex(total, 50))).toEqual([0, 0, 0, 1, 1, 29])
  })
})

describe('readPage', () => {
  it('reads the rows of the page asked for, with the total', async () => {
    const list = countedList(1500)

    const page = await readPage(failure, 2, 50, list.read)

    expect(page).toEqual({ ok: true, data: { rows: Array.from({ length: 50 }, (_, i) => 100 + i), pageIndex: 2, total: 1500 } })
    expect(list.ranges).toEqual([[100, 149]])
  })

  it('answers with the last page of a list that shrank below the page asked for', async () => {
    const list = countedList(120)

    expect(await readPage(failure, 10, 50, list.read)).toEqual({
      ok: true,
      data: { rows: Array.from({ length: 20 }, (_, i) => 100 + i), pageIndex: 2, total: 120 },
    })
    // Past the end the server refuses the range and gives no count: the first page tells it.
    expect(list.ranges).toEqual([
      [500, 549],
      [0, 49],
      [100, 149],
    ])
  })

  it('answers with the last page when the one asked for starts just at the end, as its count tells', async () => {
    const list = countedList(100)

    expect(await readPage(failure, 2, 50, list.read)).toMatchObject({ ok: true, data: { pageIndex: 1, total: 100 } })
    expect(list.ranges).toEqual([
      [100, 149],
      [50, 99],
    ])
  })

  it('answers with the one empty page of an empty list', async () => {
    const list = countedList(0)

    expect(await readPage(failure, 3, 50, list.read)).toEqual({ ok: true, data: { rows: [], pageIndex: 0, total: 0 } })
  })

  it("fails with the screen's message", async () => {
    const read = async () => ({ data: null, error: postgrestError('42501', 'permission denied'), count: null })

    expect(await readPage(failure, 0, 50, read)).toEqual({ ok: false, error: failure })
  })
})

describe('readCounts', () => {
  const keys = ['offline', 'on_track'] as const

  it('reads a whole number for every key', async () => {
    const call = async () => ({ data: { offline: 2, on_track: 1500, other: 1 }, error: null })

    expect(await readCounts(failure, keys, call)).toEqual({ ok: true, data: { offline: 2, on_track: 1500 } })
  })

  it.each([[null], [[1, 2]], [{ offline: 2 }], [{ offline: '2', on_track: 1 }], [{ offline: 1.5, on_track: 1 }]])(
    'refuses an answer of another shape: %j',
    async (data) => {
      expect(await readCounts(failure, keys, async () => ({ data, error: null }))).toEqual({ ok: false, error: failure })
    },
  )
})

describe('loadAll', () => {
  it("gives every read's data by name, or the first failure in the reads' order", async () => {
    const ok = <T>(data: T): Promise<AdminResult<T>> => Promise.resolve({ ok: true, data })
    const failed = (error: string): Promise<AdminResult<number>> => Promise.resolve({ ok: false, error })

    expect(await loadAll({ counts: ok({ total: 3 }), page: ok([1, 2]) })).toEqual({
      ok: true,
      data: { counts: { total: 3 }, page: [1, 2] },
    })
    expect(await loadAll({ counts: ok(1), first: failed('first'), second: failed('second') })).toEqual({
      ok: false,
      error: 'first',
    })
  })
})
