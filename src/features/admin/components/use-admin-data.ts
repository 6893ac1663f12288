import { useCallback, useEffect, useState } from 'react'
import type { AdminResult } from '../../../lib/admin-result'

/**
 * Loads a screen's data on mount and on `reload()`. A failed load keeps what was shown
 * before and hands the spec's message to `onError` (the screen's red banner).
 */
export function useAdminData<T>(load: () => Promise<AdminResult<T>>, onError: (message: string) => void) {
  const [data, setData] = useState<T>()
  const [loading, setLoading] = useState(true)

  const reload = useCallback(async () => {
    const result = await load()
    if (result.ok) setData(result.data)
    else onError(result.error)
    setLoading(false)
  }, [load, onError])

  useEffect(() => {
    void reload()
  }, [reload])

  return { data, loading, reload }
}
