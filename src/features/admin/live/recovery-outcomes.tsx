import { useCallback, useRef, useState } from 'react'
import type { AdminResult } from '../../../lib/admin/admin-result'

/** What the server did with one answer file, named by where it came from (its file's name, or its student). */
export interface RecoveryOutcome {
  id: number
  source: string
  result: AdminResult<string>
}

/** The answer files' outcomes so far, newest first; `addOutcome` puts one on top (a stable function). */
export function useRecoveryOutcomes() {
  const serial = useRef(0)
  const [outcomes, setOutcomes] = useState<RecoveryOutcome[]>([])
  const addOutcome = useCallback((source: string, result: AdminResult<string>) => {
    setOutcomes((current) => [{ id: ++serial.current, source, result }, ...current])
  }, [])
  return { outcomes, addOutcome }
}

/** The outcomes as a list named `label`, each its source and the server's words (nothing while there are none). */
export function RecoveryOutcomeList({ label, outcomes }: { label: string; outcomes: RecoveryOutcome[] }) {
  if (outcomes.length === 0) return null
  return (
    <ul aria-label={label}>
      {outcomes.map(({ id, source, result }) => (
        <li key={id} className={`admin-banner admin-banner--${result.ok ? 'success' : 'error'}`}>
          <strong>{source}</strong>: {result.ok ? result.data : result.error}
        </li>
      ))}
    </ul>
  )
}
