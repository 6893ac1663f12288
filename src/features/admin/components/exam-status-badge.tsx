import type { ExamStatus } from '../../../lib/admin/admin-exams'

/** Each status in words and a badge tone: the words say it, the colour only repeats it. */
const statusText: Record<ExamStatus, { text: string; tone: string }> = {
  upcoming: { text: 'Upcoming', tone: 'blue' },
  active: { text: 'Active', tone: 'green' },
  closed: { text: 'Closed', tone: 'grey' },
  no_sitting: { text: 'No sitting', tone: 'yellow' },
}

export function ExamStatusBadge({ status }: { status: ExamStatus }) {
  const { text, tone } = statusText[status]
  return <span className={`admin-badge admin-badge--${tone}`}>{text}</span>
}
