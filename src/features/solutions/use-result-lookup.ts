import { useCallback, useRef, useState } from 'react'
import { normalizeLoginCode } from '../../domain/login-code'
import { emptyLookupCodeMessage, isExplainedByPendingSubmission, lookupRefusalMessages } from '../../domain/result-lookup'
import { findPendingSubmission } from '../../lib/offline/outbox'
import { lookupResult, type ExamResult } from '../../lib/student/results-api'

export type LookupState =
  | { status: 'idle' }
  | { status: 'searching' }
  | { status: 'refused'; message: string }
  /** The student's submission for this code has not reached the server yet; it waits on this device. */
  | { status: 'pending'; submittedAt: string }
  | { status: 'found'; result: ExamResult }

async function lookUpCode(code: string): Promise<LookupState> {
  const lookup = await lookupResult(code)
  if (lookup.outcome === 'ok') return { status: 'found', result: lookup.result }
  if (isExplainedByPendingSubmission(lookup.outcome)) {
    // Storage this browser refuses to open has no pending submission to tell about.
    const pending = await findPendingSubmission(code).catch(() => undefined)
    if (pending) return { status: 'pending', submittedAt: pending.submittedAt }
  }
  return { status: 'refused', message: lookupRefusalMessages[lookup.outcome] }
}

export function useResultLookup() {
  const [state, setState] = useState<LookupState>({ status: 'idle' })
  // Only the latest lookup may show its answer: a slow one must not replace a newer one, or the form after a reset.
  const latestLookup = useRef(0)

  const lookUp = useCallback((typedCode: string) => {
    const code = normalizeLoginCode(typedCode)
    const lookupId = ++latestLookup.current
    if (code === '') {
      setState({ status: 'refused', message: emptyLookupCodeMessage })
      return
    }
    setState({ status: 'searching' })
    void lookUpCode(code).then((next) => {
      if (lookupId === latestLookup.current) setState(next)
    })
  }, [])

  const reset = useCallback(() => {
    latestLookup.current++
    setState({ status: 'idle' })
  }, [])

  return { state, lookUp, reset }
}
