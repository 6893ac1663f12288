import { useSyncExternalStore } from 'react'

/** A phone's width, where the Proctor Room shows cards rather than a table (proctor-room-page.css uses the same). */
const narrowQuery = '(max-width: 40rem)'

function subscribe(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => {}
  const query = window.matchMedia(narrowQuery)
  query.addEventListener('change', onChange)
  return () => query.removeEventListener('change', onChange)
}

/** Whether the screen is phone-narrow now; follows a rotation or a resized window. Wide where the browser cannot tell. */
export function useNarrowScreen(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(narrowQuery).matches,
    () => false,
  )
}
