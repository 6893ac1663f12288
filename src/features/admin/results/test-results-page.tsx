import { useState } from 'react'
import { Link } from 'react-router-dom'
import { formatAverageScore, localDateKey, resultsStats } from '../../../domain/results-analytics'
import { loadResultsSummary, type ResultsSummary } from '../../../lib/admin/admin-submissions'
import type { LiveTable } from '../../../lib/admin/table-changes'
import { AdminPage } from '../components/admin-page'
import { formatDay } from '../components/format'
import { StatCard, StatCards } from '../components/stat-card'
import { useFlashMessages } from '../components/use-flash-messages'
import { useLiveAdminData } from '../components/use-live-admin-data'
import { useNow } from '../components/use-now'
import { useExamChoice, useExamLink } from '../components/exam-choice'
import { DayGroup } from './day-group'
import { DayResults } from './day-results'
import { ResultsPrintReport } from './results-print-report'
import { useDebouncedValue } from './use-debounced-value'
import { usePrintedReport } from './use-printed-report'
import { useResultsExport } from './use-results-export'
import './test-results-page.css'
import { counted } from '../../../domain/counted'

/** The server is asked once the search box's text has settled for this long. */
const searchDelayMs = 300
const resultTables: LiveTable[] = ['submissions']

export function TestResultsPage() {
  const messages = useFlashMessages()
  const [searchText, setSearchText] = useState('')
  const search = useDebouncedValue(searchText.trim(), searchDelayMs)
  const [day, setDay] = useState<string | null>(null)
  const { examId, several, picker } = useExamChoice()
  const examLink = useExamLink()
  const { data: summary, live } = useLiveAdminData(
    [search, day, examId],
    () => loadResultsSummary({ search, day, examId }),
    messages.showError,
    resultTables,
  )
  const printed = usePrintedReport(messages.showError)
  // The export names each row's exam where several are in use.
  const exported = useResultsExport(messages.showError, several)
  const [exportAnswers, setExportAnswers] = useState(false)
  const now = useNow(60_000)
  // Today's group starts expanded (docs/product.md#what-administrators-do); the admin opens and closes the others.
  const [expanded, setExpanded] = useState(() => new Set([localDateKey(new Date())]))

  const stats = summary && resultsStats(summary)
  // A chosen day stays selectable after a reload that no longer has its submissions.
  const dayChoices = [...new Set([...(day ? [day] : []), ...(summary?.dayChoices ?? [])])].sort().reverse()

  function toggle(key: string) {
    setExpanded((current) => {
      const next = new Set(current)
      if (next.has(key)) next.delete(key)
      else next.add(key)
      return next
    })
  }

  function printResults() {
    if (!summary || summary.total === 0) {
      window.alert('No results to print')
      return
    }
    void printed.print(summary)
  }

  return (
    <AdminPage
      title="Test Results"
      className="results-page"
      picker={picker}
      messages={messages}
      live={live}
      actions={
        <>
          <Link to={examLink('/admin/items')} className="admin-button">
            Item Analysis
          </Link>
          <button type="button" className="admin-button admin-button--primary" onClick={printResults}>
            Print Results
          </button>
          <button
            type="button"
            className="admin-button"
            disabled={exported.loaded !== undefined}
            onClick={() => summary && void exported.exportCsv(summary, exportAnswers)}
          >
            Export CSV
          </button>
          <label className="admin-checkbox">
            <input type="checkbox" checked={exportAnswers} onChange={(event) => setExportAnswers(event.target.checked)} />
            One column per question
          </label>
          <p role="status" className="results-print-progress">
            {printed.progress && `Preparing report… ${printed.progress.loaded} of ${printed.progress.total}`}
            {exported.loaded !== undefined && `Preparing export… ${exported.loaded} rows`}
          </p>
        </>
      }
    >
      <StatCards label="Result statistics">
        <StatCard label="Total Submissions" value={stats?.total} />
        <StatCard label="Average Score" value={stats && formatAverageScore(stats)} />
        <StatCard label="Pass Rate" value={stats && `${stats.passRate}%`} />
        <StatCard label="Students Passed" value={stats?.passed} tone="good" />
      </StatCards>

      <div className="results-filters">
        <label className="admin-field">
          <span>Search</span>
          <input
            type="search"
            placeholder="Student name or login code"
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </label>
        <label className="admin-field">
          <span>Date</span>
          <select value={day ?? ''} onChange={(event) => setDay(event.target.value || null)}>
            <option value="">All Dates</option>
            {dayChoices.map((key) => (
              <option key={key} value={key}>
                {formatDay(key)}
              </option>
            ))}
          </select>
        </label>
        <p className="results-filters__count" aria-live="polite">
          Showing {summary?.total ?? 0} of {counted(summary?.allTotal ?? 0, 'result')}
        </p>
      </div>

      {summary && (
        <ResultsContent
          summary={summary}
          today={localDateKey(now)}
          expanded={expanded}
          onToggle={toggle}
          onError={messages.showError}
        />
      )}

      {printed.report && <ResultsPrintReport report={printed.report} />}
    </AdminPage>
  )
}

interface ResultsContentProps {
  summary: ResultsSummary
  /** YYYY-MM-DD */
  today: string
  expanded: ReadonlySet<string>
  onToggle: (day: string) => void
  onError: (message: string) => void
}

/** The summary's days (for the filter it answers): the Daily Analysis for all dates, a ranking for one, or why there is nothing. */
function ResultsContent({ summary, today, expanded, onToggle, onError }: ResultsContentProps) {
  const { search, day, examId } = summary.filter
  if (summary.allTotal === 0) return <p className="admin-empty">No test submissions yet</p>
  if (summary.total + summary.voided === 0) {
    return <p className="admin-empty">{search ? 'No results match your search' : 'No results found for the selected date'}</p>
  }
  if (day === null) {
    return (
      <section aria-labelledby="daily-analysis-title">
        <h2 id="daily-analysis-title">Daily Analysis</h2>
        {summary.days.map((group) => (
          <DayGroup
            key={group.day}
            day={group}
            search={search}
            examId={examId}
            isToday={group.day === today}
            expanded={expanded.has(group.day)}
            onToggle={() => onToggle(group.day)}
            onError={onError}
          />
        ))}
      </section>
    )
  }
  const chosen = summary.days.find((group) => group.day === day)
  return (
    chosen && (
      <section className="admin-panel" aria-labelledby="ranking-title">
        <h2 id="ranking-title">Ranking for {formatDay(day)}</h2>
        <DayResults key={search} day={chosen} search={search} examId={examId} label={formatDay(day)} onError={onError} />
      </section>
    )
  )
}
