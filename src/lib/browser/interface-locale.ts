/**
 * Every date, time and number the app writes is written in the interface's language, not the browser's: the
 * interface is English (index.html's `lang`), so a German browser must not put "Freitag, 27. November" inside an
 * English sentence. The reader's time zone still applies. Every Intl / toLocale* call in src goes through here.
 */
export function interfaceLocale(): string {
  return (typeof document === 'undefined' ? '' : document.documentElement.lang) || 'en'
}

type DateInput = string | number | Date

/** `value` (an ISO text, device milliseconds or a Date) with `options`, in the interface's language. */
export function formatInterfaceDate(value: DateInput, options: Intl.DateTimeFormatOptions): string {
  return new Date(value).toLocaleString(interfaceLocale(), options)
}

/** A schedule time as the login screen shows it: "Friday 27 November 2026 at 16:40" (its words depend on the language). */
export function formatExamTime(value: DateInput): string {
  return formatInterfaceDate(value, { dateStyle: 'full', timeStyle: 'short' })
}

/** Date and time, medium: "27 Nov 2026, 16:40". */
export function formatDateTime(value: DateInput): string {
  return formatInterfaceDate(value, { dateStyle: 'medium', timeStyle: 'short' })
}

/** Hours and minutes: "16:40" (or "4:40 PM", as the language writes it). */
export function formatClockTime(value: DateInput): string {
  return formatInterfaceDate(value, { hour: '2-digit', minute: '2-digit' })
}

/** Hours, minutes and seconds: "16:40:05". */
export function formatClockTimeWithSeconds(value: DateInput): string {
  return formatInterfaceDate(value, { hour: '2-digit', minute: '2-digit', second: '2-digit' })
}

/** A day in words: "Monday, 23 November 2026". */
export function formatLongDay(value: DateInput): string {
  return formatInterfaceDate(value, { weekday: 'long', year: 'numeric', month: 'long', day: 'numeric' })
}

/** A count with the language's digit grouping: 12,345. */
export function formatCount(value: number): string {
  return value.toLocaleString(interfaceLocale())
}
