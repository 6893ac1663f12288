import type { SubmissionResult } from '../../../lib/admin/admin-submissions'
import { formatTime } from './format'
import { counted } from '../../../domain/counted'

/** A submission's flags; `uncounted_answers` is known where the screen reads it (Test Results), absent elsewhere. */
export type FlaggedSubmission = Pick<
  SubmissionResult,
  'recovered_from_file' | 'arrived_late' | 'from_server_copy' | 'server_copy_saved_at' | 'replaced_server_copy_at'
> &
  Partial<Pick<SubmissionResult, 'uncounted_answers'>>

/**
 * What the proctor should judge about how a submission reached the server: from an answer file
 * (with how many of its answers differed from what the device reported in time and were not
 * counted), or late. A late one that the server checked against that copy arrived once its
 * solutions could be out: only the answers the device reported in time were counted (migration
 * 20261127000600), and it says so instead of "Arrived late". A submission the server made itself
 * from its copy of a silent attempt's answers says when that copy was last saved (what the
 * student wrote after it is not in the score); one the device sent in time after that says it
 * replaced the server's copy. `formatMoment` writes that time: the time of day where the row's
 * day is on screen, the date too where it stands alone (a result's details).
 */
export function submissionFlags(submission: FlaggedSubmission, formatMoment: (iso: string) => string = formatTime): string[] {
  const copyFlags = [
    ...(submission.from_server_copy ? [serverCopyFlag(submission.server_copy_saved_at, formatMoment)] : []),
    ...(submission.replaced_server_copy_at !== null ? ["Device's submission replaced the server's copy"] : []),
  ]
  if (submission.recovered_from_file) {
    return [
      uncountedFlag('Recovered from file', submission.uncounted_answers ?? 0),
      ...(submission.arrived_late ? ['Arrived late'] : []),
      ...copyFlags,
    ]
  }
  if (!submission.arrived_late) return copyFlags
  const uncounted = submission.uncounted_answers ?? null
  return [uncounted === null ? 'Arrived late' : uncountedFlag('Arrived after the solutions were out', uncounted), ...copyFlags]
}

/**
 * How a submission stands to the server's copy, for its details, where it stands alone: the
 * server's submission with the date and time of the copy, or the device's with when it replaced
 * it; null for any other submission.
 */
export function serverCopyDetail(submission: FlaggedSubmission, formatMoment: (iso: string) => string): string | null {
  if (submission.from_server_copy) return serverCopyFlag(submission.server_copy_saved_at, formatMoment)
  if (submission.replaced_server_copy_at === null) return null
  return `Device's submission replaced the server's copy (at ${formatMoment(submission.replaced_server_copy_at)})`
}

/** A submission from the server's copy, with when the copy was last saved ("nothing was saved": scored with no answers). */
function serverCopyFlag(savedAt: string | null, formatMoment: (iso: string) => string): string {
  return `Submitted from the server's copy (${savedAt === null ? 'nothing was saved' : `last saved ${formatMoment(savedAt)}`})`
}

function uncountedFlag(flag: string, uncounted: number): string {
  if (uncounted === 0) return flag
  return `${flag}: ${counted(uncounted, 'answer')} not counted`
}
