import { useId } from 'react'
import { formatAverageScore, resultsStats } from '../../../domain/results-analytics'
import type { DaySummary } from '../../../lib/admin/admin-submissions'
import { formatDay } from '../components/format'
import { DayResults } from './day-results'
import { counted } from '../../../domain/counted'

interface DayGroupProps {
  day: DaySummary
  search: string
  examId?: string
  isToday: boolean
  expanded: boolean
  onToggle: () => void
  onError: (message: string) => void
}

/** One collapsible day of the Daily Analysis: its figures always, its rows only while open. */
export function DayGroup({ day, search, examId, isToday, expanded, onToggle, onError }: DayGroupProps) {
  const panelId = useId()
  const label = formatDay(day.day)
  const stats = resultsStats(day)
  const { total, passRate } = stats
  return (
    <section className="admin-panel day-group">
      <h3>
        <button type="button" className="day-group__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
          <span className="day-group__date">
            {label}
            {isToday && <span className="admin-badge admin-badge--blue">Today</span>}
          </span>
          <span className="day-group__summary">
            {counted(total, 'student')} · Average {formatAverageScore(stats)} · Pass rate {passRate}%
            {day.voided > 0 && ` · ${day.voided} voided`}
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!expanded} className="day-group__body">
        {expanded && <DayResults key={search} day={day} search={search} examId={examId} label={label} onError={onError} />}
      </div>
    </section>
  )
}
