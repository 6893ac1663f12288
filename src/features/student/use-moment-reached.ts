import { useEffect, useState } from 'react'

/** Whether `now()` has reached `moment` (milliseconds on the same clock); re-renders when it does. */
export function useMomentReached(moment: number, now: () => number): boolean {
  const [checks, checkAgain] = useState(0)
  const reached = now() >= moment
  useEffect(() => {
    if (reached) return
    // A timer may fire early (a sleeping device, a clock set back): the next check waits again.
    const timer = setTimeout(() => checkAgain((count) => count + 1), moment - now())
    return () => clearTimeout(timer)
  }, [moment, now, reached, checks])
  return reached
}
