import { counted } from './counted'

/** Seconds as m:ss (time taken, exam timer): 75 → "1:15", 3600 → "60:00". Negative counts as 0. */
export function formatMinutesSeconds(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`
}

/** A countdown with days, hours, minutes and seconds, leaving out leading zero units: "2d 3h 4m 5s", "4m 5s", "0s". */
export function formatCountdown(milliseconds: number): string {
  let seconds = Math.max(0, Math.floor(milliseconds / 1000))
  const days = Math.floor(seconds / 86_400)
  seconds -= days * 86_400
  const hours = Math.floor(seconds / 3600)
  seconds -= hours * 3600
  const minutes = Math.floor(seconds / 60)
  seconds -= minutes * 60
  const parts: Array<[number, string]> = [
    [days, 'd'],
    [hours, 'h'],
    [minutes, 'm'],
  ]
  const first = parts.findIndex(([value]) => value > 0)
  const shown = first < 0 ? [] : parts.slice(first)
  return [...shown.map(([value, unit]) => `${value}${unit}`), `${seconds}s`].join(' ')
}

/** How long ago something happened, coarser as it recedes: "just now", "45 s ago", "2 min ago", "3 h ago", "2 d ago". */
export function formatTimeAgo(milliseconds: number): string {
  const seconds = Math.max(0, Math.floor(milliseconds / 1000))
  if (seconds < 5) return 'just now'
  if (seconds < 60) return `${seconds} s ago`
  if (seconds < 3600) return `${Math.floor(seconds / 60)} min ago`
  if (seconds < 86_400) return `${Math.floor(seconds / 3600)} h ago`
  return `${Math.floor(seconds / 86_400)} d ago`
}

/** Seconds in words, as a sentence says them: "11 minutes 59 seconds", "12 minutes", "1 minute 1 second", "45 seconds". */
export function formatDurationInWords(totalSeconds: number): string {
  const seconds = Math.max(0, Math.floor(totalSeconds))
  const minutes = Math.floor(seconds / 60)
  const rest = seconds % 60
  if (minutes === 0) return counted(rest, 'second')
  return rest === 0 ? counted(minutes, 'minute') : `${counted(minutes, 'minute')} ${counted(rest, 'second')}`
}
