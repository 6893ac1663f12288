import { useId } from 'react'
import { formatAverageScore, type DayGroup as Day } from '../../../domain/results-analytics'
import { examSize } from '../../../domain/score'
import type { SubmissionResult } from '../../../lib/admin-submissions'
import { formatDay } from '../components/format'
import { ResultsTable } from './results-table'
import { ScoreDistributionChart } from './score-distribution-chart'

interface DayGroupProps {
  day: Day<SubmissionResult>
  expanded: boolean
  onToggle: () => void
}

/** One collapsible day of the Daily Analysis. */
export function DayGroup({ day, expanded, onToggle }: DayGroupProps) {
  const panelId = useId()
  const label = formatDay(day.dateKey)
  const { total, averageScore, passRate } = day.stats
  return (
    <section className="admin-panel day-group">
      <h3>
        <button type="button" className="day-group__toggle" aria-expanded={expanded} aria-controls={panelId} onClick={onToggle}>
          <span className="day-group__date">
            {label}
            {day.isToday && <span className="admin-badge admin-badge--blue">Today</span>}
          </span>
          <span className="day-group__summary">
            {total} {total === 1 ? 'student' : 'students'} · Average {formatAverageScore(averageScore)}/{examSize} · Pass rate{' '}
            {passRate}%
          </span>
        </button>
      </h3>
      <div id={panelId} hidden={!expanded} className="day-group__body">
        {expanded && (
          <>
            <ScoreDistributionChart results={day.results} title={`Score distribution, ${label}`} />
            <ResultsTable results={day.results} caption={`Results of ${label}, ranked by score`} />
          </>
        )}
      </div>
    </section>
  )
}
