import type { SubmissionResult } from '../../../lib/admin/admin-submissions'

/** A submission's flags; `uncounted_answers` is known where the screen reads it (Test Results), absent elsewhere. */
export type FlaggedSubmission = Pick<SubmissionResult, 'recovered_from_file' | 'arrived_late'> &
  Partial<Pick<SubmissionResult, 'uncounted_answers'>>

/**
 * What the proctor should judge about how a submission reached the server: from an answer file
 * (with how many of its answers differed from what the device reported in time and were not
 * counted), or late.
 */
export function submissionFlags(submission: FlaggedSubmission): string[] {
  return [
    ...(submission.recovered_from_file ? [recoveredFlag(submission.uncounted_answers ?? 0)] : []),
    ...(submission.arrived_late ? ['Arrived late'] : []),
  ]
}

function recoveredFlag(uncounted: number): string {
  if (uncounted === 0) return 'Recovered from file'
  return `Recovered from file: ${uncounted} ${uncounted === 1 ? 'answer' : 'answers'} not counted`
}
