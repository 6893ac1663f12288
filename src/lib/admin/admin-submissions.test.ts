import { beforeEach, describe, expect, it, vi } from 'vitest'
import { getSupabase } from '../api/supabase'
import { loadAllDayResults } from './admin-submissions'

vi.mock('../api/supabase', () => ({ getSupabase: vi.fn() }))

/** A server holding `total` ranked rows of a day that answers at most `maxRows` per read, as PostgREST does. */
function serverWith(total: number, maxRows: number) {
  const rows = Array.from({ length: total }, (_, i) => ({ id: `row-${i}`, display_order: i + 1 }))
  vi.mocked(getSupabase).mockReturnValue({
    rpc: () => ({
      range: async (from: number, to: number) => ({
        data: rows.slice(from, Math.min(to + 1, from + maxRows)),
        error: null,
        count: total,
      }),
    }),
  } as never)
}

const day = { day: '2026-11-20', search: '' }

describe('loadAllDayResults', () => {
  beforeEach(() => vi.mocked(getSupabase).mockReset())

  it('reads every row of a day past one read, a read at a time', async () => {
    serverWith(2_500, 1_000)
    const reads: number[] = []
    const result = await loadAllDayResults(day, (count) => reads.push(count))
    expect(result.ok && result.data.map((row) => row.id)).toEqual(Array.from({ length: 2_500 }, (_, i) => `row-${i}`))
    expect(reads).toEqual([1_000, 1_000, 500])
  })

  it('fails rather than skip rows when the server answers fewer rows per read than asked', async () => {
    serverWith(2_500, 400)
    expect(await loadAllDayResults(day, () => {})).toEqual({ ok: false, error: 'Failed to load submissions' })
  })
})
