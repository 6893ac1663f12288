import { useCallback, useEffect, useMemo, useState } from 'react'

/**
 * A success message clears itself after 3 seconds; an error stays until the next message
 * (docs/product.md#what-administrators-do).
 */
const successMessageMs = 3000

export interface FlashMessages {
  error: string | null
  success: string | null
  showError: (message: string) => void
  showSuccess: (message: string) => void
}

export function useFlashMessages(): FlashMessages {
  const [error, setError] = useState<string | null>(null)
  // An object, so that the same text shown twice in a row restarts the 3 seconds.
  const [success, setSuccess] = useState<{ text: string } | null>(null)

  useEffect(() => {
    if (!success) return
    const timer = setTimeout(() => setSuccess(null), successMessageMs)
    return () => clearTimeout(timer)
  }, [success])

  const showError = useCallback((message: string) => {
    setSuccess(null)
    setError(message)
  }, [])
  const showSuccess = useCallback((message: string) => {
    setError(null)
    setSuccess({ text: message })
  }, [])

  return useMemo(
    () => ({ error, success: success?.text ?? null, showError, showSuccess }),
    [error, success, showError, showSuccess],
  )
}
