/**
 * Live admin screens treat a Realtime change as a signal to refetch, never as data to patch in,
 * and coalesce those signals: Realtime checks every change against every subscriber on one
 * thread, and a herd of 2,000 submissions in one second must cost each screen a couple of
 * requests, not 2,000.
 *
 * - The first signal after a quiet second refetches at once.
 * - Signals within a second of the last refetch's start wait for that second to end, then
 *   cause one trailing refetch between them: at most one refetch per `intervalMs`.
 * - Refetches never overlap: a signal during a slow refetch waits for it to finish.
 * - Each SUBSCRIBED of the channel (its first join, and every rejoin after a dropped connection)
 *   is a signal too, so whatever changed while the screen was not listening is fetched once.
 */
export interface CoalescedRefetch {
  /** A change arrived (or the screen wants fresh data). */
  changed(): void
  /** Pass every status of `channel.subscribe(callback)` here. */
  subscriptionStatus(status: string): void
  /** No refetch after this (the screen unmounted). */
  dispose(): void
}

/** `refetch` shows its own errors; the helper only decides when it runs. */
export function coalescedRefetch(refetch: () => unknown, intervalMs = 1000): CoalescedRefetch {
  let lastStart = Number.NEGATIVE_INFINITY
  let running = false
  let wanted = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let disposed = false

  const start = () => {
    wanted = false
    running = true
    lastStart = Date.now()
    let result: unknown
    try {
      result = refetch()
    } catch {
      result = undefined
    }
    void Promise.resolve(result)
      .catch(() => undefined)
      .finally(() => {
        running = false
        if (wanted) schedule()
      })
  }

  const schedule = () => {
    if (disposed || running || timer !== undefined) return
    const wait = lastStart + intervalMs - Date.now()
    if (wait <= 0) {
      start()
      return
    }
    timer = setTimeout(() => {
      timer = undefined
      if (wanted) schedule()
    }, wait)
  }

  const changed = () => {
    if (disposed) return
    wanted = true
    schedule()
  }

  return {
    changed,
    subscriptionStatus: (status) => {
      if (status === 'SUBSCRIBED') changed()
    },
    dispose: () => {
      disposed = true
      clearTimeout(timer)
      timer = undefined
    },
  }
}
