import { useEffect, useRef, useState } from 'react'
import {
  dailyAnalysis,
  filterResults,
  formatAverageScore,
  localDateKey,
  rankByScore,
  resultsStats,
  submissionDays,
} from '../../../domain/results-analytics'
import { examSize } from '../../../domain/score'
import { listSubmissions } from '../../../lib/admin-submissions'
import type { LiveTable } from '../../../lib/table-changes'
import { AdminPage } from '../components/admin-page'
import { formatDay } from '../components/format'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { useNow } from '../components/use-now'
import { DayGroup } from './day-group'
import { ResultsPrintReport } from './results-print-report'
import { ResultsTable } from './results-table'
import { ScoreDistributionChart } from './score-distribution-chart'

/** Spec §9: printing starts half a second after the button, once the report is laid out. */
const printDelayMs = 500
const resultTables: LiveTable[] = ['submissions']

export function TestResultsPage() {
  const messages = useFlashMessages()
  const { data: submissions, live } = useLiveAdminData(listSubmissions, messages.showError, resultTables)
  const now = useNow(60_000)
  const [search, setSearch] = useState('')
  const [dateKey, setDateKey] = useState<string | null>(null)
  // Today's group starts expanded (spec §2); the admin opens and closes the others.
  const [expanded, setExpanded] = useState(() => new Set([localDateKey(new Date())]))
  const printTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => () => clearTimeout(printTimer.current), [])

  const all = submissions ?? []
  const shown = filterResults(all, { search, dateKey })
  const stats = resultsStats(shown)
  const days = dailyAnalysis(shown, now)
  // A chosen day stays selectable after a reload that no longer has its submissions.
  const dayChoices = [...new Set([...(dateKey ? [dateKey] : []), ...submissionDays(all)])].sort().reverse()
  const scope = [dateKey ? formatDay(dateKey) : 'All Dates', search.trim() && `search "${search.trim()}"`]
    .filter(Boolean)
    .join(', ')

  function toggle(key: string) {
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  }

  function printResults() {
    if (shown.length === 0) {
      window.alert('No results to print')
      return
    }
    clearTimeout(printTimer.current)
    printTimer.current = setTimeout(() => window.print(), printDelayMs)
  }

  let content
  if (!submissions) content = null
  else if (all.length === 0) content = <p className="admin-empty">No test submissions yet</p>
  else if (shown.length === 0)
    content = (
      <p className="admin-empty">{search.trim() ? 'No results match your search' : 'No results found for the selected date'}</p>
    )
  else if (dateKey === null)
    content = (
      <section aria-labelledby="daily-analysis-title">
        <h2 id="daily-analysis-title">Daily Analysis</h2>
        {days.map((day) => (
          <DayGroup key={day.dateKey} day={day} expanded={expanded.has(day.dateKey)} onToggle={() => toggle(day.dateKey)} />
        ))}
      </section>
    )
  else {
    const ranked = rankByScore(shown)
    content = (
      <section className="admin-panel" aria-labelledby="ranking-title">
        <h2 id="ranking-title">Ranking for {formatDay(dateKey)}</h2>
        <ScoreDistributionChart results={ranked} title={`Score distribution, ${formatDay(dateKey)}`} />
        <ResultsTable results={ranked} caption={`Results of ${formatDay(dateKey)}, ranked by score`} />
      </section>
    )
  }

  return (
    <AdminPage
      title="Test Results"
      className="results-page"
      messages={messages}
      live={live}
      actions={
        <button type="button" className="admin-button admin-button--primary" onClick={printResults}>
          Print Results
        </button>
      }
    >
      <StatCards label="Result statistics">
        <StatCard label="Total Submissions" value={submissions && stats.total} />
        <StatCard label="Average Score" value={submissions && `${formatAverageScore(stats.averageScore)}/${examSize}`} />
        <StatCard label="Pass Rate" value={submissions && `${stats.passRate}%`} />
        <StatCard label="Students Passed" value={submissions && stats.passed} tone="good" />
      </StatCards>

      <div className="results-filters">
        <label className="admin-field">
          <span>Search</span>
          <input
            type="search"
            placeholder="Student name or login code"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
          />
        </label>
        <label className="admin-field">
          <span>Date</span>
          <select value={dateKey ?? ''} onChange={(event) => setDateKey(event.target.value || null)}>
            <option value="">All Dates</option>
            {dayChoices.map((key) => (
              <option key={key} value={key}>
                {formatDay(key)}
              </option>
            ))}
          </select>
        </label>
        <p className="results-filters__count" aria-live="polite">
          Showing {shown.length} of {all.length} {all.length === 1 ? 'result' : 'results'}
        </p>
      </div>

      {content}

      <ResultsPrintReport days={days} stats={stats} scope={scope} generatedAt={now} />
    </AdminPage>
  )
}
