import { sortForProctor, statusCounts } from '../../../domain/attempt-status'
import { listLiveAttempts } from '../../../lib/admin-attempts'
import type { LiveTable } from '../../../lib/table-changes'
import { AdminPage } from '../components/admin-page'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { useNow } from '../components/use-now'
import { AnswerFileUpload } from './answer-file-upload'
import { AttemptsTable } from './attempts-table'

/** Attempts report progress, submissions end them, codes carry the extra time. */
const attemptTables: LiveTable[] = ['exam_attempts', 'submissions', 'login_codes']

/**
 * /admin/live: every exam started in the last 24 hours, live, problems first. The clock ticks
 * every second, so time left and "last seen" move, and a device that falls silent turns
 * offline, with no change on the server.
 */
export function ProctorRoomPage() {
  const messages = useFlashMessages()
  const { data: attempts, reload, live } = useLiveAdminData(listLiveAttempts, messages.showError, attemptTables)
  const now = useNow(1000)
  const rows = sortForProctor(attempts ?? [], now)
  const counts = statusCounts(rows)

  return (
    <AdminPage title="Proctor Room" subtitle="Exams started in the last 24 hours, problems first" messages={messages} live={live}>
      <StatCards label="Attempt statistics">
        <StatCard label="Offline" value={attempts && counts.offline} tone="warn" />
        <StatCard label="Not yet received" value={attempts && counts.submitted_on_device} tone="warn" />
        <StatCard label="On track" value={attempts && counts.on_track} tone="good" />
        <StatCard label="Received" value={attempts && counts.received} />
      </StatCards>

      {attempts &&
        (rows.length === 0 ? (
          <p className="admin-empty">No exams started in the last 24 hours</p>
        ) : (
          <AttemptsTable rows={rows} now={now} />
        ))}

      <AnswerFileUpload onRecorded={() => void reload()} />
    </AdminPage>
  )
}
