import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'

/**
 * What a screen's data depends on (page, search, day…): the data is loaded again when any element
 * changes, compared as React compares an effect's dependencies (Object.is). `[]` loads once.
 */
export type AdminDataKey = readonly unknown[]

/**
 * Loads a screen's data on mount, whenever an element of `key` changes, and on `reload()`. The loader
 * and `onError` are read when a load starts, never compared: an inline function is safe, and what is on
 * screen is passed as the key. A failed load keeps what was shown before and hands the screen's failure message
 * to `onError` (the screen's red banner). When loads overlap (a live refetch and the admin's own
 * action), only the latest one started is shown, so a slow older answer never replaces a newer one.
 */
export function useAdminData<T>(key: AdminDataKey, load: () => Promise<AdminResult<T>>, onError: (message: string) => void) {
  const [data, setData] = useState<T>()
  const [loading, setLoading] = useState(true)
  const latestLoad = useRef(0)
  const current = useRef({ load, onError })
  useLayoutEffect(() => {
    current.current = { load, onError }
  })

  const reload = useCallback(async () => {
    const thisLoad = ++latestLoad.current
    const result = await current.current.load()
    if (thisLoad !== latestLoad.current) return
    if (result.ok) setData(result.data)
    else current.current.onError(result.error)
    setLoading(false)
  }, [])

  const loadedKey = useRef<AdminDataKey | null>(null)
  useEffect(() => {
    if (loadedKey.current && sameKey(loadedKey.current, key)) return
    loadedKey.current = key
    void reload()
  })

  return { data, loading, reload }
}

function sameKey(a: AdminDataKey, b: AdminDataKey): boolean {
  return a.length === b.length && a.every((element, index) => Object.is(element, b[index]))
}
