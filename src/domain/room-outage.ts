import { offlineAfterMs, silenceMs, type ProctoredAttempt } from './attempt-status'

/**
 * The server's figures on the attempts still being written in the room (public.admin_live_attempt_counts,
 * over every page, not only the one shown): how many are being written (on track or offline), and
 * the largest group of them that fell silent within `outageWindowMs` of each other, its first
 * member last heard from at `silent_since` (null when none is silent).
 */
export interface RoomWriting {
  writing: number
  silent_together: number
  silent_since: string | null
}

/** Devices that stop within this span of each other stopped together (the server uses the same 2 minutes). */
export const outageWindowMs = 2 * 60_000
/** Fewer silent devices than this are single students' troubles, not the room's. */
export const outageMinimumAttempts = 3
/** The share of the attempts being written that must fall silent together: "most devices". */
export const outageShare = 0.6

/** A room-wide outage: when it began, and which attempts belong to it. */
export interface RoomOutage {
  /** The earliest last report of the group: when the room stopped reporting. */
  since: string
  /** Whether `attempt` is one of the devices that stopped together (it shows "Not reporting" rather than "Offline"). */
  includes: (attempt: ProctoredAttempt) => boolean
}

/**
 * Whether most devices of the room stopped reporting together (at least 3, and at least 60 % of
 * those still being written, silent within 2 minutes of each other): then the Wi-Fi, not each
 * student, is the likely cause. Undefined otherwise, so the banner goes by itself once they report
 * again. An attempt belongs to the outage when its device is silent at `now` (the server said
 * offline, or this clock has since passed the 60 s) and its last report falls in the group's span.
 */
export function roomOutage(room: RoomWriting, now: Date): RoomOutage | undefined {
  const { writing, silent_together: together, silent_since: since } = room
  if (since === null || together < outageMinimumAttempts || together < outageShare * writing) return undefined
  const from = Date.parse(since)
  return {
    since,
    includes: (attempt) => {
      const silent = attempt.status === 'offline' || (attempt.status === 'on_track' && silenceMs(attempt, now) > offlineAfterMs)
      const lastSeen = Date.parse(attempt.last_seen)
      return silent && lastSeen >= from && lastSeen <= from + outageWindowMs
    },
  }
}
