import { useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'

/**
 * A dialog's calls to the server, one at a time: `busy` while one runs (its buttons wait, and the dialog stays
 * open), a refusal kept in `error` for DialogActions to show, and `then` given the data of a call that succeeded.
 * `setError` is for the dialog's own checks before it calls.
 */
export function useDialogAction() {
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function run<T>(call: () => Promise<AdminResult<T>>, then: (data: T) => void): Promise<void> {
    setBusy(true)
    const result = await call()
    setBusy(false)
    if (!result.ok) {
      setError(result.error)
      return
    }
    then(result.data)
  }

  return { busy, error, setError, run }
}
