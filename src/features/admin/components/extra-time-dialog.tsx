import { useState, type FormEvent } from 'react'
import { maxExtraMinutes, parseExtraMinutes } from '../../../domain/extra-time'
import { setExtraMinutes, type LoginCode } from '../../../lib/admin/admin-login-codes'
import { AdminDialog } from './admin-dialog'
import { DialogActions } from './dialog-actions'
import { MinutesInput } from './minutes-input'
import { useDialogAction } from './use-dialog-action'

interface ExtraTimeDialogProps {
  /** The code whose extra time changes: a listed code, or the Proctor Room's attempt's. */
  code: Pick<LoginCode, 'id' | 'code' | 'extra_minutes'>
  onClose: () => void
  onSaved: (minutes: number) => void
}

/** Changes a code's extra time; out-of-range input is refused with a message and saves nothing. */
export function ExtraTimeDialog({ code, onClose, onSaved }: ExtraTimeDialogProps) {
  const [text, setText] = useState(String(code.extra_minutes))
  const { busy: saving, error, setError, run } = useDialogAction()

  async function save(event: FormEvent) {
    event.preventDefault()
    const parsed = parseExtraMinutes(text)
    if (!parsed.ok) {
      setError(parsed.error)
      return
    }
    await run(
      () => setExtraMinutes(code.id, parsed.minutes),
      () => onSaved(parsed.minutes),
    )
  }

  return (
    <AdminDialog title={`Extra time for ${code.code}`} onClose={() => !saving && onClose()}>
      {/* noValidate: our message replaces the browser's. */}
      <form onSubmit={(event) => void save(event)} noValidate>
        <p className="admin-muted">
          Minutes added to this student&apos;s time, for an accommodation. If the exam has started, its deadline moves too.
        </p>
        <label className="admin-field">
          <span>Extra time (minutes, 0 to {maxExtraMinutes})</span>
          <MinutesInput min={0} max={maxExtraMinutes} value={text} onChange={setText} disabled={saving} />
        </label>
        <DialogActions error={error} onCancel={onClose} busy={saving}>
          <button type="submit" className="admin-button admin-button--primary" disabled={saving}>
            {saving ? 'Saving...' : 'Save'}
          </button>
        </DialogActions>
      </form>
    </AdminDialog>
  )
}
