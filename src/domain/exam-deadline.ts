/** Spec §4: the timer turns orange at this many seconds left, and red at the next. */
export const timerWarningSeconds = 600
export const timerCriticalSeconds = 300

export type TimerColour = 'green' | 'orange' | 'red'

/**
 * When an attempt must end, fixed once at its start: its full duration, but never past the
 * window's end, so a late starter is submitted as the window closes rather than locked out.
 * All values are milliseconds on the device clock.
 */
export function examDeadline(attempt: { startedAt: number; durationSeconds: number; windowEnd: number | null }): number {
  const fullDuration = attempt.startedAt + attempt.durationSeconds * 1000
  return attempt.windowEnd === null ? fullDuration : Math.min(fullDuration, attempt.windowEnd)
}

export function timerColour(secondsLeft: number): TimerColour {
  if (secondsLeft <= timerCriticalSeconds) return 'red'
  if (secondsLeft <= timerWarningSeconds) return 'orange'
  return 'green'
}
