import type { SubmissionResult } from '../../../lib/admin/admin-submissions'

/** What the proctor should judge about how a submission reached the server: from an answer file, or late. */
export function submissionFlags(submission: Pick<SubmissionResult, 'recovered_from_file' | 'arrived_late'>): string[] {
  return [
    ...(submission.recovered_from_file ? ['Recovered from file'] : []),
    ...(submission.arrived_late ? ['Arrived late'] : []),
  ]
}
