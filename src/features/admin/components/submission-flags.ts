import type { SubmissionResult } from '../../../lib/admin/admin-submissions'

/** A submission's flags; `uncounted_answers` is known where the screen reads it (Test Results), absent elsewhere. */
export type FlaggedSubmission = Pick<SubmissionResult, 'recovered_from_file' | 'arrived_late'> &
  Partial<Pick<SubmissionResult, 'uncounted_answers'>>

/**
 * What the proctor should judge about how a submission reached the server: from an answer file
 * (with how many of its answers differed from what the device reported in time and were not
 * counted), or late. A late one that the server checked against that copy arrived once its
 * solutions could be out: only the answers the device reported in time were counted (migration
 * 20261127000600), and it says so instead of "Arrived late".
 */
export function submissionFlags(submission: FlaggedSubmission): string[] {
  if (submission.recovered_from_file) {
    return [
      uncountedFlag('Recovered from file', submission.uncounted_answers ?? 0),
      ...(submission.arrived_late ? ['Arrived late'] : []),
    ]
  }
  if (!submission.arrived_late) return []
  const uncounted = submission.uncounted_answers ?? null
  return [uncounted === null ? 'Arrived late' : uncountedFlag('Arrived after the solutions were out', uncounted)]
}

function uncountedFlag(flag: string, uncounted: number): string {
  if (uncounted === 0) return flag
  return `${flag}: ${uncounted} ${uncounted === 1 ? 'answer' : 'answers'} not counted`
}
