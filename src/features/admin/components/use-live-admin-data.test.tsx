import { act, renderHook } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeTableChanges, type FakeChannel } from '../../../../tests/unit/fake-table-changes'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { watchTableChanges, type LiveTable } from '../../../lib/admin/table-changes'
import { useLiveAdminData } from './use-live-admin-data'

vi.mock('../../../lib/admin/table-changes', () => ({ watchTableChanges: vi.fn() }))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

let channels: FakeChannel[]
/** What the server holds; each load answers it, numbered so a test can tell loads apart. */
let loads: number
const load = vi.fn(async (): Promise<AdminResult<string>> => ({ ok: true, data: `load ${++loads}` }))
const onError = vi.fn()
const tables: LiveTable[] = ['submissions', 'login_codes']

beforeEach(() => {
  vi.useFakeTimers()
  channels = fakeTableChanges(watchTableChanges)
  loads = 0
  load.mockClear()
  onError.mockClear()
})
afterEach(() => {
  vi.useRealTimers()
})

/** Lets pending loads answer and the hook re-render, moving the fake clock by `ms`. */
const elapse = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms))

async function renderLive() {
  const hook = renderHook(({ watched }) => useLiveAdminData([], load, onError, watched), { initialProps: { watched: tables } })
  await elapse()
  const channel = channels.at(-1) as FakeChannel
  const status = (s: Parameters<FakeChannel['listener']['onStatus']>[0]) => act(() => channel.listener.onStatus(s))
  return { hook, channel, status }
}

describe('useLiveAdminData', () => {
  it('loads on mount, follows the tables on one channel, and is live once subscribed, refetching then', async () => {
    const { hook, channel, status } = await renderLive()
    expect(channels).toHaveLength(1)
    expect(channel.tables).toEqual(['submissions', 'login_codes'])
    expect(hook.result.current).toMatchObject({ data: 'load 1', loading: false, live: 'connecting' })

    // Whatever changed between the first load and the join is fetched once joined.
    await status('SUBSCRIBED')
    await elapse()
    expect(hook.result.current).toMatchObject({ data: 'load 2', live: 'live' })
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('turns a herd of 2,000 changes within a second into one refetch at once and one trailing refetch', async () => {
    const { hook, channel, status } = await renderLive()
    await status('SUBSCRIBED')
    await elapse(1000)
    load.mockClear()

    for (let i = 0; i < 2000; i++) {
      channel.listener.onChange()
      await elapse(0.45)
    }
    await elapse(10_000)
    expect(load).toHaveBeenCalledTimes(2)
    expect(hook.result.current.data).toBe('load 4')
  })

  it('keeps showing the data it has while a refetch loads', async () => {
    const { hook, channel, status } = await renderLive()
    await status('SUBSCRIBED')
    await elapse(1000)
    let answer: (result: AdminResult<string>) => void = () => {}
    load.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))

    act(() => channel.listener.onChange())
    await elapse()
    expect(load).toHaveBeenCalledTimes(3)
    expect(hook.result.current).toMatchObject({ data: 'load 2', loading: false })

    answer({ ok: true, data: 'fresh' })
    await elapse()
    expect(hook.result.current.data).toBe('fresh')
  })

  it('keeps the data and shows the error when a refetch fails', async () => {
    const { hook, channel, status } = await renderLive()
    await status('SUBSCRIBED')
    await elapse(1000)
    load.mockResolvedValueOnce({ ok: false, error: 'Failed to load submissions' })

    act(() => channel.listener.onChange())
    await elapse()
    expect(onError).toHaveBeenCalledWith('Failed to load submissions')
    expect(hook.result.current.data).toBe('load 2')
  })

  it.each(['CHANNEL_ERROR', 'TIMED_OUT', 'CLOSED'] as const)(
    'refreshes every 10 s while the channel is down (%s), and returns to live updates when it is back',
    async (down) => {
      const { hook, channel, status } = await renderLive()
      await status('SUBSCRIBED')
      await elapse(1000)
      load.mockClear()

      await status(down)
      expect(hook.result.current.live).toBe('polling')
      await elapse(9_999)
      expect(load).not.toHaveBeenCalled()
      await elapse(1)
      expect(load).toHaveBeenCalledOnce()
      expect(hook.result.current.data).toBe('load 3')
      // Another failure while polling (realtime-js retries the join) starts no second timer.
      await status('TIMED_OUT')
      await elapse(20_000)
      expect(load).toHaveBeenCalledTimes(3)
      expect(hook.result.current).toMatchObject({ live: 'polling', data: 'load 5' })

      // What changed since the last refresh is fetched once joined (within the coalescing second).
      await status('SUBSCRIBED')
      await elapse(1000)
      expect(hook.result.current).toMatchObject({ live: 'live', data: 'load 6' })
      expect(load).toHaveBeenCalledTimes(4)
      // Live again: changes refetch, the timer does not.
      await elapse(60_000)
      expect(load).toHaveBeenCalledTimes(4)
      act(() => channel.listener.onChange())
      await elapse()
      expect(load).toHaveBeenCalledTimes(5)
    },
  )

  it('refreshes on the timer when the channel never joins at all', async () => {
    const { hook, status } = await renderLive()
    await status('CHANNEL_ERROR')
    expect(hook.result.current.live).toBe('polling')
    await elapse(30_000)
    expect(load).toHaveBeenCalledTimes(4)
    expect(hook.result.current.data).toBe('load 4')
  })

  it('keeps its channel across renders with an equal list of tables', async () => {
    const { hook } = await renderLive()
    hook.rerender({ watched: ['submissions', 'login_codes'] })
    await elapse()
    expect(channels).toHaveLength(1)

    hook.rerender({ watched: ['questions'] })
    await elapse()
    expect(channels.map((channel) => [channel.tables, channel.removed])).toEqual([
      [['submissions', 'login_codes'], true],
      [['questions'], false],
    ])
  })

  it('removes its channel when the screen closes, and refetches no more', async () => {
    const { hook, channel, status } = await renderLive()
    await status('SUBSCRIBED')
    channel.listener.onChange()
    hook.unmount()
    expect(channel.removed).toBe(true)
    const calls = load.mock.calls.length

    channel.listener.onChange()
    channel.listener.onStatus('SUBSCRIBED')
    channel.listener.onStatus('CHANNEL_ERROR')
    await elapse(60_000)
    expect(load).toHaveBeenCalledTimes(calls)
  })
})
