import { useCallback, useEffect, useRef, useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'

/**
 * Loads a screen's data on mount and on `reload()`. A failed load keeps what was shown
 * before and hands the spec's message to `onError` (the screen's red banner). When loads
 * overlap (a live refetch and the admin's own action), only the latest one started is shown,
 * so a slow older answer never replaces a newer one.
 */
export function useAdminData<T>(load: () => Promise<AdminResult<T>>, onError: (message: string) => void) {
  const [data, setData] = useState<T>()
  const [loading, setLoading] = useState(true)
  const latestLoad = useRef(0)

  const reload = useCallback(async () => {
    const thisLoad = ++latestLoad.current
    const result = await load()
    if (thisLoad !== latestLoad.current) return
    if (result.ok) setData(result.data)
    else onError(result.error)
    setLoading(false)
  }, [load, onError])

  useEffect(() => {
    void reload()
  }, [reload])

  return { data, loading, reload }
}
