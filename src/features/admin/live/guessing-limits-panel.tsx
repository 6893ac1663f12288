import { Fragment, useCallback, useEffect, useId, useState } from 'react'
import {
  clearGuessingLimit,
  endAddressTrust,
  listGuessingLimits,
  trustMinutes,
  type GuessingLimit,
} from '../../../lib/admin/guessing-limits'
import { AdminDialog } from '../components/admin-dialog'
import { DialogActions } from '../components/dialog-actions'
import { formatTime } from '../components/format'
import { formatCount } from '../../../lib/browser/interface-locale'
import { useAdminData } from '../components/use-admin-data'

/** Wrong codes are not announced by Realtime (they are counted per minute), so the panel asks this often. */
export const guessingLimitsRefreshMs = 30_000

const trustHours = `${trustMinutes / 60} hours`

function browsersAt(limit: GuessingLimit, where: string): string {
  const browsers = limit.limitedBrowsers === 1 ? 'One browser' : `${limit.limitedBrowsers} browsers`
  return `${browsers} ${where} tried too many wrong login codes`
}

/** What the panel says of one address. */
export function limitText(limit: GuessingLimit): string {
  const until = limit.clearsAt ? ` until it clears at ${formatTime(limit.clearsAt)}` : ''
  if (limit.trustedUntil) {
    const trusted = `${limit.address}. This network is trusted until ${formatTime(limit.trustedUntil)}: only single browsers are limited.`
    return limit.limitedBrowsers > 0
      ? `${trusted} ${browsersAt(limit, 'there')}: a student there is told to wait${until}.`
      : trusted
  }
  if (limit.limited) return `Too many wrong login codes from ${limit.address}: new students there cannot start${until}.`
  return `${browsersAt(limit, `at ${limit.address}`)}: a student there is told to wait${until}.`
}

/** What an administrator asked to do with an address, confirmed first. */
type LimitAction = { kind: 'clear' | 'clear_and_trust' | 'end_trust'; limit: GuessingLimit }

interface GuessingLimitsPanelProps {
  onError: (message: string) => void
  onSuccess: (message: string) => void
}

/**
 * The Proctor Room's warning, shown only while an address (or a browser at it) is refused for
 * too many wrong login codes, or an address is trusted. "Clear" forgets the wrong codes; for a
 * whole address refused, a second action also stops limiting it for a while, because nothing
 * tells a script changing its browser id from new students on the school's network (migration
 * 20261127000500): that decision is the administrator's. Students already writing are never
 * refused: their reloads, reports and submissions prove their attempt.
 */
export function GuessingLimitsPanel({ onError, onSuccess }: GuessingLimitsPanelProps) {
  const titleId = useId()
  const { data: limits, reload } = useAdminData([], listGuessingLimits, onError)
  const [action, setAction] = useState<LimitAction | null>(null)

  useEffect(() => {
    const timer = setInterval(() => void reload(), guessingLimitsRefreshMs)
    return () => clearInterval(timer)
  }, [reload])

  const done = useCallback(
    (message: string) => {
      setAction(null)
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
            <strong>{limit.trustedUntil ? 'Trusted:' : 'Limited:'}</strong> {limitText(limit)}
            <LimitButtons limit={limit} onChoose={(kind) => setAction({ kind, limit })} />
          </li>
        ))}
      </ul>
      {action?.kind === 'end_trust' && <EndTrustDialog limit={action.limit} onClose={() => setAction(null)} onDone={done} />}
      {action && action.kind !== 'end_trust' && (
        <ClearLimitDialog
          limit={action.limit}
          trust={action.kind === 'clear_and_trust'}
          onClose={() => setAction(null)}
          onDone={done}
        />
      )}
    </section>
  )
}

function LimitButtons({ limit, onChoose }: { limit: GuessingLimit; onChoose: (kind: LimitAction['kind']) => void }) {
  const offered: Array<{ kind: LimitAction['kind']; text: string; label: string }> = []
  if (limit.limited || limit.limitedBrowsers > 0) {
    offered.push({ kind: 'clear', text: 'Clear', label: `Clear the limit on ${limit.address}` })
  }
  if (limit.limited) {
    const text = `Clear and stop limiting this network for ${trustHours}`
    offered.push({ kind: 'clear_and_trust', text, label: `${text}: ${limit.address}` })
  }
  if (limit.trustedUntil) {
    offered.push({ kind: 'end_trust', text: 'Limit this network again', label: `Limit this network again: ${limit.address}` })
  }
  return offered.map(({ kind, text, label }) => (
    <Fragment key={kind}>
      {' '}
      <button type="button" className="admin-button" aria-label={label} onClick={() => onChoose(kind)}>
        {text}
      </button>
    </Fragment>
  ))
}

interface LimitDialogProps {
  limit: GuessingLimit
  onClose: () => void
  onDone: (message: string) => void
}

function ClearLimitDialog({ limit, trust, onClose, onDone }: LimitDialogProps & { trust: boolean }) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function clear() {
    setBusy(true)
    const reply = await clearGuessingLimit(limit.address, trust)
    setBusy(false)
    if (!reply.ok) {
      setError(reply.error)
      return
    }
    const { cleared, trustedUntil } = reply.data
    if (trustedUntil) {
      onDone(
        `Cleared the limit on ${limit.address}: this network is trusted until ${formatTime(trustedUntil)}, only single browsers are limited.`,
      )
    } else {
      onDone(
        cleared
          ? `Cleared the limit on ${limit.address}: students there can start again.`
          : `The limit on ${limit.address} had already cleared.`,
      )
    }
  }

  const failures = `the ${formatCount(limit.failures)} wrong login codes from ${limit.address}`
  return (
    <AdminDialog title={trust ? 'Stop limiting this network' : 'Clear the limit'} onClose={() => !busy && onClose()}>
      {trust ? (
        <>
          <p>
            Forget {failures} and stop limiting this network for {trustHours}? Wrong codes from this network will no longer stop
            new students; each browser is still limited on its own.
          </p>
          <p>
            Use it when the network is your school&apos;s: for {trustHours}, someone there who changes browsers on every try can
            guess codes as fast as they like. You can limit the network again at any time.
          </p>
        </>
      ) : (
        <p>
          Forget {failures}, so that students there can start at once? If someone there is still trying codes, they will be
          limited again.
        </p>
      )}
      <DialogActions error={error} onCancel={onClose} busy={busy}>
        <button type="button" className="admin-button admin-button--primary" onClick={() => void clear()} disabled={busy}>
          {busy ? 'Clearing...' : trust ? 'Clear and stop limiting' : 'Clear the limit'}
        </button>
      </DialogActions>
    </AdminDialog>
  )
}

function EndTrustDialog({ limit, onClose, onDone }: LimitDialogProps) {
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  async function end() {
    setBusy(true)
    const reply = await endAddressTrust(limit.address)
    setBusy(false)
    if (!reply.ok) {
      setError(reply.error)
      return
    }
    onDone(
      reply.data.ended
        ? `${limit.address} is limited again: too many wrong login codes from it stop new students there.`
        : `The trust in ${limit.address} had already ended.`,
    )
  }

  return (
    <AdminDialog title="Limit this network again" onClose={() => !busy && onClose()}>
      <p>
        Limit {limit.address} as a whole again, before {limit.trustedUntil ? formatTime(limit.trustedUntil) : 'its time'}? If
        wrong codes keep coming from it, new students there will not be able to start until you clear it.
      </p>
      <DialogActions error={error} onCancel={onClose} busy={busy}>
        <button type="button" className="admin-button admin-button--primary" onClick={() => void end()} disabled={busy}>
          {busy ? 'Saving...' : 'Limit again'}
        </button>
      </DialogActions>
    </AdminDialog>
  )
}
