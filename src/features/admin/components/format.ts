import { dateOfKey } from '../../../domain/results-analytics'
import { formatLongDay } from '../../../lib/browser/interface-locale'

// Dates and times in the interface's language and the admin's time zone (lib/browser/interface-locale.ts).
export { formatDateTime, formatClockTime as formatTime } from '../../../lib/browser/interface-locale'

/** A YYYY-MM-DD local day as "Monday, 23 November 2026". */
export function formatDay(dateKey: string): string {
  return formatLongDay(dateOfKey(dateKey))
}
