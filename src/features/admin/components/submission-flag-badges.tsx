import { submissionFlags, type FlaggedSubmission } from './submission-flags'

/**
 * A submission's flags ("Recovered from file", "Arrived late", "Arrived after the solutions were
 * out", "Submitted from the server's copy", "Device's submission replaced the server's copy") as
 * badges, on the results and the Proctor Room tables.
 */
export function SubmissionFlagBadges({ submission }: { submission: FlaggedSubmission }) {
  return submissionFlags(submission).map((flag) => (
    <span key={flag} className="admin-badge admin-badge--wraps admin-badge--purple">
      {flag}
    </span>
  ))
}
