import { counted } from './counted'

/** The range of a login code's extra minutes (SQL: login_codes.extra_minutes between 0 and 180). */
export const maxExtraMinutes = 180

export type ExtraMinutesResult = { ok: true; minutes: number } | { ok: false; error: string }

/**
 * An admin's entry of extra minutes: a whole number from 0 to 180. Empty is refused rather than
 * read as 0: a number input reports text it cannot read (e.g. "1e") as empty.
 */
export function parseExtraMinutes(text: string): ExtraMinutesResult {
  const trimmed = text.trim()
  const minutes = Number(trimmed)
  if (!/^\d+$/.test(trimmed) || minutes > maxExtraMinutes) {
    return { ok: false, error: `Extra time must be a whole number of minutes between 0 and ${maxExtraMinutes}` }
  }
  return { ok: true, minutes }
}

/** "+15 min", as the results and the live view show a code's extra time. */
export function formatExtraTime(minutes: number): string {
  return `+${minutes} min`
}

/** The range of "Add time for everyone" in the Proctor Room (SQL: add_time_for_everyone). */
export const maxRoomMinutes = 180

/** An entry of minutes for the whole room: a whole number from 1 to 180. */
export function parseRoomMinutes(text: string): ExtraMinutesResult {
  const trimmed = text.trim()
  const minutes = Number(trimmed)
  if (!/^\d+$/.test(trimmed) || minutes < 1 || minutes > maxRoomMinutes) {
    return { ok: false, error: `Added time must be a whole number of minutes between 1 and ${maxRoomMinutes}` }
  }
  return { ok: true, minutes }
}

/** "15 minutes", "1 minute". */
export function formatMinutes(minutes: number): string {
  return counted(minutes, 'minute')
}
