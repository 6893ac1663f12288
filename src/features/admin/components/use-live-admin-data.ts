import { useEffect, useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'
import { coalescedRefetch } from '../../../lib/admin/coalesced-refetch'
import { getSupabase } from '../../../lib/api/supabase'
import { watchTableChanges, type LiveTable } from '../../../lib/admin/table-changes'
import { useAdminData, type AdminDataKey } from './use-admin-data'

/** Whether the screen hears about changes: not yet, yes, or not (its channel is down) and so it refreshes on a timer. */
export type LiveState = 'connecting' | 'live' | 'polling'

/** While the channel is down, the screen refetches this often. */
export const pollingIntervalMs = 10_000

/**
 * useAdminData (loaded on mount and whenever `key` changes), kept up to date: every change of `tables` (and every rejoin of the channel,
 * which may have missed some) refetches, at most once a second. Whenever the channel is down
 * (errored, closed, timed out: the network, the server, or a flood of sockets keeping it out),
 * the screen refetches every `pollingIntervalMs` instead, until the channel is back. A refetch
 * replaces the data when it arrives, so the screen keeps showing what it had, and its own state
 * (filters, open forms) stays as it is.
 */
export function useLiveAdminData<T>(
  key: AdminDataKey,
  load: () => Promise<AdminResult<T>>,
  onError: (message: string) => void,
  tables: readonly LiveTable[],
) {
  const adminData = useAdminData(key, load, onError)
  const [live, setLive] = useState<LiveState>('connecting')
  const { reload } = adminData

  // The channel follows the tables' names, not the identity of the array a screen passes.
  const tableList = tables.join(',')
  useEffect(() => {
    let listening = true
    let polling: ReturnType<typeof setInterval> | undefined
    const refetch = coalescedRefetch(reload)
    const stopPolling = () => {
      clearInterval(polling)
      polling = undefined
    }
    const stopWatching = watchTableChanges(getSupabase(), tableList.split(',') as LiveTable[], {
      onChange: refetch.changed,
      onStatus: (status) => {
        if (!listening) return
        refetch.subscriptionStatus(status)
        if (status === 'SUBSCRIBED') {
          stopPolling()
          setLive('live')
        } else {
          polling ??= setInterval(refetch.changed, pollingIntervalMs)
          setLive('polling')
        }
      },
    })
    return () => {
      listening = false
      stopPolling()
      refetch.dispose()
      stopWatching()
    }
  }, [tableList, reload])

  return { ...adminData, live }
}
