import { pollingIntervalMs, type LiveState } from './use-live-admin-data'
import './live-indicator.css'

const labels: Record<LiveState, string> = {
  connecting: 'Connecting…',
  live: 'Live',
  polling: `Live updates paused, refreshing every ${pollingIntervalMs / 1000} s`,
}

/** Whether the screen updates by itself, said in words as well as in colour; screen readers hear each change. */
export function LiveIndicator({ state }: { state: LiveState }) {
  return (
    <p role="status" aria-label="Live updates" className={`live-indicator live-indicator--${state}`}>
      <span className="live-indicator__dot" aria-hidden="true" />
      {labels[state]}
    </p>
  )
}
