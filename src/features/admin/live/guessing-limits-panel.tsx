import { useCallback, useEffect, useId, useState } from 'react'
import { clearGuessingLimit, listGuessingLimits, type GuessingLimit } from '../../../lib/admin/guessing-limits'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { formatTime } from '../components/format'
import { useAdminData } from '../components/use-admin-data'

/** Wrong codes are not announced by Realtime (they are counted per minute), so the panel asks this often. */
export const guessingLimitsRefreshMs = 30_000

/** What the panel says of one address. */
export function limitText(limit: GuessingLimit): string {
  const until = limit.clearsAt ? ` until it clears at ${formatTime(limit.clearsAt)}` : ''
  if (limit.limited) return `Too many wrong login codes from ${limit.address}: new students there cannot start${until}.`
  const browsers = limit.limitedBrowsers === 1 ? 'One browser' : `${limit.limitedBrowsers} browsers`
  return `${browsers} at ${limit.address} tried too many wrong login codes: a student there is told to wait${until}.`
}

interface GuessingLimitsPanelProps {
  onError: (message: string) => void
  onSuccess: (message: string) => void
}

/**
 * The Proctor Room's warning, shown only while an address (or a browser at it) is refused for
 * too many wrong login codes, with "Clear" for each, confirmed first. Students already writing
 * are never refused: their reloads, reports and submissions prove their attempt.
 */
export function GuessingLimitsPanel({ onError, onSuccess }: GuessingLimitsPanelProps) {
  const titleId = useId()
  const { data: limits, reload } = useAdminData(listGuessingLimits, onError)
  const [clearing, setClearing] = useState<GuessingLimit | null>(null)

  useEffect(() => {
    const timer = setInterval(() => void reload(), guessingLimitsRefreshMs)
    return () => clearInterval(timer)
  }, [reload])

  const cleared = useCallback(
    (message: string) => {
      setClearing(null)
      onSuccess(message)
      void reload()
    },
    [onSuccess, reload],
  )

  if (!limits || limits.length === 0) return null
  return (
    <section className="admin-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>Wrong login codes</h2>
      <ul>
        {limits.map((limit) => (
          <li key={limit.address}>
            <strong>Limited:</strong> {limitText(limit)}{' '}
            <button
              type="button"
              className="admin-button"
              aria-label={`Clear the limit on ${limit.address}`}
              onClick={() => setClearing(limit)}
            >
              Clear
            </button>
          </li>
        ))}
      </ul>
      {clearing && <ClearLimitDialog limit={clearing} onClose={() => setClearing(null)} onCleared={cleared} />}
    </section>
  )
}

interface ClearLimitDialogProps {
  limit: GuessingLimit
  onClose: () => void
  onCleared: (message: string) => void
}

function ClearLimitDialog({ limit, onClose, onCleared }: ClearLimitDialogProps) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function clear() {
    setBusy(true)
    const reply = await clearGuessingLimit(limit.address)
    setBusy(false)
    if (!reply.ok) {
      setError(reply.error)
      return
    }
    onCleared(
      reply.data.cleared
        ? `Cleared the limit on ${limit.address}: students there can start again.`
        : `The limit on ${limit.address} had already cleared.`,
    )
  }

  return (
    <AdminDialog title="Clear the limit" onClose={() => !busy && onClose()}>
      <p>
        Forget the {limit.failures.toLocaleString()} wrong login codes from {limit.address}, so that students there can start at
        once? If someone there is still trying codes, they will be limited again.
      </p>
      <DialogActions error={error} onCancel={onClose} busy={busy}>
        <button type="button" className="admin-button admin-button--primary" onClick={() => void clear()} disabled={busy}>
          {busy ? 'Clearing...' : 'Clear the limit'}
        </button>
      </DialogActions>
    </AdminDialog>
  )
}
