/** The timer turns orange at this many seconds left, and red at the next (docs/product.md#exam-window-and-time). */
export const timerWarningSeconds = 600
export const timerCriticalSeconds = 300

export type TimerColour = 'green' | 'orange' | 'red'

export function timerColour(secondsLeft: number): TimerColour {
  if (secondsLeft <= timerCriticalSeconds) return 'red'
  if (secondsLeft <= timerWarningSeconds) return 'orange'
  return 'green'
}
