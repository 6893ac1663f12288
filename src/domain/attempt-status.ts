/** The fields of an exam attempt (public.exam_attempts) the proctor's live view works with. */
export interface ProctoredAttempt {
  id: string
  student_name: string | null
  login_code: string
  deadline: string
  /** in_progress, submitted_on_device or received. */
  state: string
  last_seen: string
}

/**
 * What the proctor needs to know of an attempt: the device stopped reporting (offline), it
 * holds a submission the server does not have yet, all is well, or the submission is in.
 */
export type AttemptStatus = 'offline' | 'submitted_on_device' | 'on_track' | 'received'

/** A device reports every 30 s while online; after twice that without a word it counts as offline. */
export const offlineAfterMs = 60_000

/**
 * The status at `now`. Offline is read from the clock, so an attempt turns offline when its
 * device falls silent, with no change on the server to say so.
 */
export function attemptStatus(attempt: ProctoredAttempt, now: Date): AttemptStatus {
  if (attempt.state === 'received') return 'received'
  if (attempt.state === 'submitted_on_device') return 'submitted_on_device'
  return now.getTime() - Date.parse(attempt.last_seen) > offlineAfterMs ? 'offline' : 'on_track'
}

/** Milliseconds until the attempt's deadline; 0 once it has passed. */
export function remainingMs(attempt: ProctoredAttempt, now: Date): number {
  return Math.max(0, Date.parse(attempt.deadline) - now.getTime())
}

/** Milliseconds since the server last heard from the device; 0 when the admin's clock is behind. */
export function silenceMs(attempt: ProctoredAttempt, now: Date): number {
  return Math.max(0, now.getTime() - Date.parse(attempt.last_seen))
}

// Problems first: a silent device, then answers stuck on a device, then the rest.
const statusOrder: Record<AttemptStatus, number> = { offline: 0, submitted_on_device: 1, on_track: 2, received: 3 }

export interface AttemptWithStatus<T extends ProctoredAttempt> {
  attempt: T
  status: AttemptStatus
}

/**
 * The attempts with their status at `now`, problems first. Among offline and stuck ones the
 * longest silent comes first; the others keep a steady order (name, then code), so rows do not
 * jump about with every report.
 */
export function sortForProctor<T extends ProctoredAttempt>(attempts: readonly T[], now: Date): AttemptWithStatus<T>[] {
  return attempts
    .map((attempt) => ({ attempt, status: attemptStatus(attempt, now) }))
    .sort(
      (a, b) =>
        statusOrder[a.status] - statusOrder[b.status] ||
        (a.status === 'offline' || a.status === 'submitted_on_device'
          ? Date.parse(a.attempt.last_seen) - Date.parse(b.attempt.last_seen)
          : 0) ||
        (a.attempt.student_name ?? '').localeCompare(b.attempt.student_name ?? '') ||
        a.attempt.login_code.localeCompare(b.attempt.login_code) ||
        a.attempt.id.localeCompare(b.attempt.id),
    )
}

/** How many attempts have each status. */
export function statusCounts(attempts: readonly AttemptWithStatus<ProctoredAttempt>[]): Record<AttemptStatus, number> {
  const counts: Record<AttemptStatus, number> = { offline: 0, submitted_on_device: 0, on_track: 0, received: 0 }
  for (const { status } of attempts) counts[status]++
  return counts
}
