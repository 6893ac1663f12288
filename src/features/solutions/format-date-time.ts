const dateTime = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })

/** An ISO time in the reader's locale and time zone, e.g. "21 Nov 2026, 09:25". */
export function formatDateTime(iso: string): string {
  return dateTime.format(new Date(iso))
}
