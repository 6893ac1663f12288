import { dateOfKey } from '../../../domain/results-analytics'

/** Date and time in the admin's locale and time zone. */
export function formatDateTime(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
}

export function formatTime(iso: string): string {
  return new Date(iso).toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
}

/** A YYYY-MM-DD local day as "Monday, 23 November 2026" (in the admin's locale). */
export function formatDay(dateKey: string): string {
  return dateOfKey(dateKey).toLocaleDateString(undefined, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })
}
