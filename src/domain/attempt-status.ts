/**
 * What the proctor needs to know of an attempt: the device stopped reporting (offline), it
 * holds a submission the server does not have yet, the server refused its submission, all is
 * well, the submission is in, or the attempt continues on another device (moved, with a resume PIN).
 */
export type AttemptStatus = 'offline' | 'submitted_on_device' | 'refused' | 'on_track' | 'received' | 'moved'

/**
 * The statuses the Proctor Room has a card for: a moved attempt is not a student of its own (the
 * attempt that resumed it is counted), so its count (public.admin_live_attempt_counts has one) is
 * not shown.
 */
export type CountedAttemptStatus = Exclude<AttemptStatus, 'moved'>

/** Why the server refused an attempt's submission: another submission had taken its code, or it came outside the exam's time. */
export type AttemptRefusal = 'code_used' | 'exam_over'

/** A refusal in the proctor's words. */
export const refusalReasons: Record<AttemptRefusal, string> = {
  code_used: 'code already used',
  exam_over: 'exam over',
}

/** The fields of an exam attempt the proctor's live view computes with (public.admin_live_attempts). */
export interface ProctoredAttempt {
  deadline: string
  last_seen: string
  /** At the server's clock when the attempt was read. */
  status: AttemptStatus
}

/**
 * A device reports every 30 s while online; after twice that without a word it counts as offline.
 * public.admin_live_attempts applies the same 60 s to give each attempt its status.
 */
export const offlineAfterMs = 60_000

/** Milliseconds until the attempt's deadline; 0 once it has passed. */
export function remainingMs(attempt: ProctoredAttempt, now: Date): number {
  return Math.max(0, Date.parse(attempt.deadline) - now.getTime())
}

/** Milliseconds since the server last heard from the device; 0 when the admin's clock is behind. */
export function silenceMs(attempt: ProctoredAttempt, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(attempt.last_seen))
}

/**
 * Milliseconds from `now` until the first of `attempts` changes status with no change on the server
 * to say so: one on track turns offline after offlineAfterMs of silence, and an offline one reads
 * "submitted on device" once its deadline has passed (its device's timer has ended the exam and
 * keeps the submission; public.admin_live_attempts says the same). The moment its status, order and
 * counts are worth reading again: at or below 0 once it has passed on this clock; undefined when
 * no attempt will change by itself.
 */
export function untilStatusChangesMs(attempts: readonly ProctoredAttempt[], now: Date): number | undefined {
  const moments = attempts.flatMap((attempt) => {
    // Offline is *more* than offlineAfterMs of silence, and past the deadline is after it: the first millisecond after each.
    if (attempt.status === 'on_track') return [Date.parse(attempt.last_seen) + offlineAfterMs + 1]
    if (attempt.status === 'offline') return [Date.parse(attempt.deadline) + 1]
    return []
  })
  return moments.length === 0 ? undefined : Math.min(...moments) - now.getTime()
}

/**
 * The grace after a deadline during which the server still takes a device's report and its
 * submission, and still moves the attempt to a new device; once it has passed the server submits
 * a silent attempt from its copy (public.submit_from_server_copies).
 */
export const submissionGraceMs = 2 * 60_000

/**
 * Whether the Proctor Room offers "Move to a new device": the attempt is still being written
 * (on track, offline, or submitted on a device the server has not heard from) and its deadline
 * plus the grace has not passed by `now`. The server decides (admin_offer_attempt_move refuses
 * otherwise, its code used too); this only keeps the button off rows where it could not work.
 */
export function canBeMoved(attempt: ProctoredAttempt, now: Date): boolean {
  const live = attempt.status === 'on_track' || attempt.status === 'offline' || attempt.status === 'submitted_on_device'
  return live && now.getTime() < Date.parse(attempt.deadline) + submissionGraceMs
}

/**
 * Whether the device of an attempt still being written (or holding its submission) has been
 * silent for longer than offlineAfterMs at `now`: its progress and time left are then as of its
 * last report, and say so.
 */
export function isSilent(attempt: ProctoredAttempt, now: Date): boolean {
  const unfinished = attempt.status === 'on_track' || attempt.status === 'offline' || attempt.status === 'submitted_on_device'
  return unfinished && silenceMs(attempt, now) > offlineAfterMs
}
