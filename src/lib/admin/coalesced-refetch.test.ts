import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { coalescedRefetch } from './coalesced-refetch'

beforeEach(() => {
  vi.useFakeTimers()
})
afterEach(() => {
  vi.useRealTimers()
})

/** A refetch that records when it started (fake clock) and finishes at once. */
function recordingRefetch() {
  const starts: number[] = []
  const refetch = vi.fn(() => {
    starts.push(Date.now())
  })
  return { refetch, starts }
}

/** Lets promise callbacks run (a refetch's completion) without moving the fake clock. */
const settle = () => vi.advanceTimersByTimeAsync(0)

describe('coalescedRefetch', () => {
  it('turns a herd of 2,000 changes within one second into one refetch at once and one trailing refetch', async () => {
    const { refetch, starts } = recordingRefetch()
    const screen = coalescedRefetch(refetch)
    const t0 = Date.now()
    for (let i = 0; i < 2000; i++) {
      screen.changed()
      await vi.advanceTimersByTimeAsync(0.45)
    }
    await vi.advanceTimersByTimeAsync(10_000)
    expect(starts).toEqual([t0, t0 + 1000])
  })

  it('refetches at once when a change comes after a quiet second', async () => {
    const { refetch, starts } = recordingRefetch()
    const screen = coalescedRefetch(refetch)
    screen.changed()
    await vi.advanceTimersByTimeAsync(1500)
    const later = Date.now()
    screen.changed()
    expect(starts).toEqual([later - 1500, later])
  })

  it('never refetches more than once a second under a steady stream of changes', async () => {
    const { refetch, starts } = recordingRefetch()
    const screen = coalescedRefetch(refetch)
    const t0 = Date.now()
    for (let i = 0; i < 500; i++) {
      screen.changed()
      await vi.advanceTimersByTimeAsync(10)
    }
    await vi.advanceTimersByTimeAsync(10_000)
    // Changes from 0 to 4.99 s: one refetch per second, the last one trailing the stream.
    expect(starts.map((t) => t - t0)).toEqual([0, 1000, 2000, 3000, 4000, 5000])
  })

  it('waits for a slow refetch to finish before the next one, and then runs it at once', async () => {
    let finish: () => void = () => {}
    const refetch = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const screen = coalescedRefetch(refetch)
    screen.changed()
    await vi.advanceTimersByTimeAsync(100)
    screen.changed()
    await vi.advanceTimersByTimeAsync(3000)
    expect(refetch).toHaveBeenCalledTimes(1)
    finish()
    await settle()
    expect(refetch).toHaveBeenCalledTimes(2)
  })

  it('refetches once on each SUBSCRIBED (a rejoin after a dropped connection), not on the other statuses', async () => {
    const { refetch, starts } = recordingRefetch()
    const screen = coalescedRefetch(refetch)
    const t0 = Date.now()
    screen.subscriptionStatus('SUBSCRIBED')
    await vi.advanceTimersByTimeAsync(5000)
    screen.subscriptionStatus('CHANNEL_ERROR')
    screen.subscriptionStatus('TIMED_OUT')
    screen.subscriptionStatus('CLOSED')
    await vi.advanceTimersByTimeAsync(5000)
    expect(starts).toEqual([t0])
    screen.subscriptionStatus('SUBSCRIBED')
    expect(starts).toEqual([t0, t0 + 10_000])
  })

  it('keeps the one-second limit when the connection comes back right after a refetch', async () => {
    const { refetch, starts } = recordingRefetch()
    const screen = coalescedRefetch(refetch)
    const t0 = Date.now()
    screen.changed()
    await vi.advanceTimersByTimeAsync(200)
    screen.subscriptionStatus('SUBSCRIBED')
    await vi.advanceTimersByTimeAsync(5000)
    expect(starts).toEqual([t0, t0 + 1000])
  })

  it('keeps going after a refetch that failed', async () => {
    const refetch = vi.fn().mockRejectedValueOnce(new Error('offline')).mockResolvedValue(undefined)
    const screen = coalescedRefetch(refetch)
    screen.changed()
    await vi.advanceTimersByTimeAsync(1500)
    screen.changed()
    await settle()
    expect(refetch).toHaveBeenCalledTimes(2)
  })

  it('drops the trailing refetch once disposed', async () => {
    const { refetch } = recordingRefetch()
    const screen = coalescedRefetch(refetch)
    screen.changed()
    screen.changed()
    screen.dispose()
    await vi.advanceTimersByTimeAsync(5000)
    screen.changed()
    expect(refetch).toHaveBeenCalledTimes(1)
  })
})
