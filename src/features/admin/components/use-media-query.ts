import { useCallback, useSyncExternalStore } from 'react'

/**
 * Whether the window matches `query` now, following it as the window is resized or turned.
 * Without matchMedia (a test's DOM) it never matches: the desktop layout.
 */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (changed: () => void) => {
      const list = window.matchMedia?.(query)
      list?.addEventListener('change', changed)
      return () => list?.removeEventListener('change', changed)
    },
    [query],
  )
  return useSyncExternalStore(subscribe, () => window.matchMedia?.(query).matches ?? false)
}
