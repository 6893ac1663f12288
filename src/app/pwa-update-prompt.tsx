import { useEffect, useState, useSyncExternalStore } from 'react'
import { subscribeWhenLoaded } from '../lib/browser/subscribe-when-loaded'
import { applyUpdate, isUpdateWaiting, registerServiceWorker, subscribeToUpdateWaiting } from './pwa-registration'
import './pwa-update-prompt.css'

/**
 * Offers a newly deployed version, but never while an exam is in progress: that prompt
 * waits until the attempt is submitted. Live, so it appears as soon as the exam ends.
 */
export function PwaUpdatePrompt() {
  useEffect(registerServiceWorker, [])
  const updateWaiting = useSyncExternalStore(subscribeToUpdateWaiting, isUpdateWaiting)
  const [examInProgress, setExamInProgress] = useState<boolean>()
  useEffect(() => {
    if (!updateWaiting) return
    // The device's storage (Dexie) is loaded only once an update waits, never for a first screen.
    return subscribeWhenLoaded(async () => (await import('../lib/offline/attempt-store')).watchExamInProgress(setExamInProgress))
  }, [updateWaiting])
  const [dismissed, setDismissed] = useState(false)

  if (!updateWaiting || examInProgress !== false || dismissed) return null
  return (
    <aside className="update-prompt" aria-labelledby="update-prompt-text">
      <p id="update-prompt-text" role="status">
        A new version of Holdfast is available.
      </p>
      <button type="button" className="button button--primary" onClick={applyUpdate}>
        Reload to update
      </button>
      <button type="button" className="button" onClick={() => setDismissed(true)}>
        Later
      </button>
    </aside>
  )
}
