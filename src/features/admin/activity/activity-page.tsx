import { useState } from 'react'
import { activityKinds, describeActivity, describeActor, type ActivityKind } from '../../../domain/activity-description'
import { listActivity, type ActivityFilter } from '../../../lib/admin/admin-activity'
import { AdminPage } from '../components/admin-page'
import { ColumnHeadings } from '../components/column-headings'
import { formatDateTime } from '../components/format'
import { Pager } from '../components/pager'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages } from '../components/use-flash-messages'
import { usePageChoice } from '../components/use-page-choice'
import { useExamChoice } from '../components/exam-choice'
import './activity-page.css'

/** Rows of the log on one page. */
export const activityPerPage = 50

const columns = ['When', 'Who', 'What happened']
const kindChoices = Object.entries(activityKinds) as Array<[ActivityKind, (typeof activityKinds)[ActivityKind]]>

/** The activity log: who changed what and when, newest first, filtered by kind of action and day. */
export function ActivityPage() {
  const messages = useFlashMessages()
  const [filter, setFilter] = useState<ActivityFilter>({ kind: null, day: null })
  const { examId, picker } = useExamChoice({ allowAll: true })
  // All exams: today's filter, every row (those of no exam, as sign-ins, too).
  const examFilter = examId ? { ...filter, examId } : filter
  const pageChoice = usePageChoice(activityPerPage)
  const { read, setPageIndex } = pageChoice
  const { data: page, reload } = useAdminData(
    [filter, pageChoice.pageIndex, examId],
    () => read((pageIndex, pageSize) => listActivity(examFilter, pageIndex, pageSize)),
    messages.showError,
  )

  function choose(change: Partial<ActivityFilter>) {
    setPageIndex(0)
    setFilter((current) => ({ ...current, ...change }))
  }

  return (
    <AdminPage
      title="Activity"
      subtitle="Every change administrators made, newest first"
      messages={messages}
      picker={picker}
      actions={
        <button type="button" className="admin-button" onClick={() => void reload()}>
          Refresh
        </button>
      }
    >
      <div className="results-filters">
        <label className="admin-field">
          <span>Action</span>
          <select
            value={filter.kind ?? ''}
            onChange={(event) => choose({ kind: (event.target.value || null) as ActivityKind | null })}
          >
            <option value="">All actions</option>
            {kindChoices.map(([kind, { label }]) => (
              <option key={kind} value={kind}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Day</span>
          <input type="date" value={filter.day ?? ''} onChange={(event) => choose({ day: event.target.value || null })} />
        </label>
      </div>

      {!page ? (
        <p role="status">Loading activity...</p>
      ) : page.total === 0 ? (
        <p className="admin-empty">No activity recorded for this choice</p>
      ) : (
        <>
          <div className="results-table-wrap" role="region" aria-label="Activity" tabIndex={0}>
            <table className="results-table activity-table">
              <caption className="visually-hidden">Activity, newest first</caption>
              <ColumnHeadings names={columns} />
              <tbody>
                {page.rows.map((row) => (
                  <tr key={row.id}>
                    <td>{formatDateTime(row.occurred_at)}</td>
                    <td>{describeActor(row.actor)}</td>
                    <td>{describeActivity(row, formatDateTime)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          <Pager label="Pages of activity" page={page} choice={pageChoice} />
        </>
      )}
    </AdminPage>
  )
}
