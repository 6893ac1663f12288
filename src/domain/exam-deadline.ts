import { counted } from './counted'

/** The timer turns orange at this many seconds left, and red at the next (docs/product.md#exam-window-and-time). */
export const timerWarningSeconds = 600
export const timerCriticalSeconds = 300

export type TimerColour = 'green' | 'orange' | 'red'

export function timerColour(secondsLeft: number): TimerColour {
  if (secondsLeft <= timerCriticalSeconds) return 'red'
  if (secondsLeft <= timerWarningSeconds) return 'orange'
  return 'green'
}

/** The minutes left at which the student is alerted, in the order a countdown reaches them. */
export const timeAlertMinutes = [5, 1] as const
export type TimeAlertMinutes = (typeof timeAlertMinutes)[number]

/**
 * The alert a countdown passes on its way from `beforeMs` to `afterMs` left: the later one when it passes both at
 * once (a device that slept), null when it passes none. A countdown that starts at or below an alert's time never
 * passes it, so it never gives that alert.
 */
export function timeAlertPassed(beforeMs: number, afterMs: number): TimeAlertMinutes | null {
  let passed: TimeAlertMinutes | null = null
  for (const minutes of timeAlertMinutes) if (beforeMs > minutes * 60_000 && afterMs <= minutes * 60_000) passed = minutes
  return passed
}

/** "5 minutes left." / "1 minute left." (docs/product.md#exam-window-and-time). */
export function timeAlertMessage(minutes: TimeAlertMinutes): string {
  return `${counted(minutes, 'minute')} left.`
}

/** Whether the window's end came before the exam's whole duration: the deadline `deadlineMs` is less than that after the start. */
export function windowCutsExamShort(served: { startMs: number; deadlineMs: number; durationMinutes: number }): boolean {
  // A second's leeway: the deadline and the server's clock are read in one transaction, but milliseconds round.
  return served.deadlineMs - served.startMs < served.durationMinutes * 60_000 - 1000
}
