import type { SubmissionResult } from '../../../lib/admin/admin-submissions'
import { submissionFlags } from './submission-flags'

/** A submission's flags ("Recovered from file", "Arrived late") as badges, on the results and the Proctor Room tables. */
export function SubmissionFlagBadges({ submission }: { submission: Pick<SubmissionResult, 'recovered_from_file' | 'arrived_late'> }) {
  return submissionFlags(submission).map((flag) => (
    <span key={flag} className="admin-badge admin-badge--purple">
      {flag}
    </span>
  ))
}
