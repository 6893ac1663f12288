/** Spec §4: the timer turns orange at this many seconds left, and red at the next. */
export const timerWarningSeconds = 600
export const timerCriticalSeconds = 300

export type TimerColour = 'green' | 'orange' | 'red'

export function timerColour(secondsLeft: number): TimerColour {
  if (secondsLeft <= timerCriticalSeconds) return 'red'
  if (secondsLeft <= timerWarningSeconds) return 'orange'
  return 'green'
}
