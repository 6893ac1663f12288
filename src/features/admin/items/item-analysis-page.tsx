import { useState } from 'react'
import { Link } from 'react-router-dom'
import { keyInWords } from '../../../domain/answer-key'
import { formatRatio, itemFlagWords } from '../../../domain/item-flags'
import { localDateKey } from '../../../domain/results-analytics'
import { listSchedules } from '../../../lib/admin/admin-schedules'
import { loadItemAnalysis, type ItemAnalysis } from '../../../lib/admin/item-analysis'
import { AdminPage } from '../components/admin-page'
import { ColumnHeadings } from '../components/column-headings'
import { formatDateTime, formatDay } from '../components/format'
import { StatCard, StatCards } from '../components/stat-card'
import { useAdminData } from '../components/use-admin-data'
import { useFlashMessages } from '../components/use-flash-messages'
import { useExamChoice, useExamLink } from '../components/exam-choice'
import { OptionChart } from './option-chart'
import './item-analysis-page.css'

const columns = ['Question', 'Key', 'Students', 'Facility', 'Discrimination (27 %)', 'Point-biserial', 'Options chosen', 'Flags']

/**
 * Item analysis of a day's or a schedule's submissions (voided ones left out), computed by the
 * server from the key each submission was scored against: a table with a small chart per
 * question, and the exam's mean, standard deviation and KR-20. Printable as shown.
 */
export function ItemAnalysisPage() {
  const messages = useFlashMessages()
  const [day, setDay] = useState(() => localDateKey(new Date()))
  const { examId, examArgs, picker } = useExamChoice()
  const examLink = useExamLink()
  // A sitting belongs to one exam: another exam picked goes back to "By day".
  const [chosenSitting, setChosenSitting] = useState({ examId, scheduleId: '' })
  const scheduleId = chosenSitting.examId === examId ? chosenSitting.scheduleId : ''
  const setScheduleId = (id: string) => setChosenSitting({ examId, scheduleId: id })
  const { data: schedules } = useAdminData([examId], () => listSchedules(...examArgs), messages.showError)
  const { data: analysis } = useAdminData(
    [day, scheduleId, examId],
    () => loadItemAnalysis(scheduleId ? { scheduleId } : { day }, ...examArgs),
    messages.showError,
  )
  const schedule = schedules?.find((row) => row.id === scheduleId)
  const scope = schedule ? `${schedule.exam_name} (${formatDateTime(schedule.start_time)})` : formatDay(day)

  return (
    <AdminPage
      title="Item Analysis"
      subtitle={scope}
      className="item-analysis-page"
      picker={picker}
      messages={messages}
      actions={
        <>
          <Link to={examLink('/admin/results')} className="admin-button">
            Test Results
          </Link>
          <button type="button" className="admin-button admin-button--primary" onClick={() => window.print()}>
            Print
          </button>
        </>
      }
    >
      <div className="results-filters item-analysis-filters">
        <label className="admin-field">
          <span>Schedule</span>
          <select value={scheduleId} onChange={(event) => setScheduleId(event.target.value)}>
            <option value="">By day</option>
            {schedules?.map((row) => (
              <option key={row.id} value={row.id}>
                {row.exam_name} ({formatDateTime(row.start_time)})
              </option>
            ))}
          </select>
        </label>
        <label className="admin-field">
          <span>Day</span>
          <input
            type="date"
            value={day}
            disabled={scheduleId !== ''}
            onChange={(event) => event.target.value && setDay(event.target.value)}
          />
        </label>
      </div>
      {analysis ? <AnalysisTables analysis={analysis} /> : <p role="status">Loading the item analysis...</p>}
    </AdminPage>
  )
}

function AnalysisTables({ analysis }: { analysis: ItemAnalysis }) {
  if (analysis.students === 0) return <p className="admin-empty">No submissions to analyse for this choice</p>
  return (
    <>
      <StatCards label="Exam statistics">
        <StatCard label="Students" value={analysis.students} />
        <StatCard label="Questions" value={analysis.questions} />
        <StatCard label="Mean score" value={formatRatio(analysis.mean)} />
        <StatCard label="Standard deviation" value={formatRatio(analysis.standard_deviation)} />
        <StatCard label="KR-20 reliability" value={formatRatio(analysis.kr20)} />
      </StatCards>
      <div className="results-table-wrap" role="region" aria-label="Questions" tabIndex={0}>
        <table className="results-table item-analysis-table">
          <caption className="visually-hidden">Item analysis per question</caption>
          <ColumnHeadings names={columns} />
          <tbody>
            {analysis.items.map((item) => (
              <tr key={item.question_number} className={item.flags.length > 0 ? 'item-analysis-table__flagged' : undefined}>
                <th scope="row">Q{item.question_number}</th>
                <td>{keyInWords(item.correct_answer)}</td>
                <td>{item.served}</td>
                <td>{formatRatio(item.facility)}</td>
                <td>{formatRatio(item.discrimination)}</td>
                <td>{formatRatio(item.point_biserial)}</td>
                <td>
                  <OptionChart item={item} />
                </td>
                <td>
                  <ul className="item-analysis-flags">
                    {item.flags.map((flag) => (
                      <li key={flag}>{itemFlagWords[flag]}</li>
                    ))}
                  </ul>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
