import { Workbox } from 'workbox-window'

// Long-open tabs (an administrator's, a room's kiosk) should still hear about a new version.
const UPDATE_CHECK_INTERVAL_MS = 60 * 60 * 1000

let workbox: Workbox | undefined
let updateWaiting = false
let reloadRequested = false
const listeners = new Set<() => void>()

/**
 * Registers the service worker built by vite-plugin-pwa (sw.js), once. Only production
 * builds have one; the dev server serves none.
 */
export function registerServiceWorker(): void {
  if (workbox || !import.meta.env.PROD || !('serviceWorker' in navigator)) return
  workbox = new Workbox('/sw.js', { scope: '/' })
  workbox.addEventListener('waiting', () => {
    updateWaiting = true
    for (const listener of listeners) listener()
  })
  // Only the tab whose user accepted the update reloads; another tab may be mid-exam.
  workbox.addEventListener('controlling', () => {
    if (reloadRequested) window.location.reload()
  })
  const registered = workbox
  registered.register().then(
    () => setInterval(() => void registered.update(), UPDATE_CHECK_INTERVAL_MS),
    // Nothing a student could do about it: the app runs on, only a reload without network fails.
    (error: unknown) => console.warn('Holdfast could not install its offline copy:', error),
  )
}

/** For useSyncExternalStore: whether a new version is installed and waiting for the user. */
export function subscribeToUpdateWaiting(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function isUpdateWaiting(): boolean {
  return updateWaiting
}

/** Lets the waiting version take over; this tab then reloads into it. */
export function applyUpdate(): void {
  reloadRequested = true
  workbox?.messageSkipWaiting()
}
