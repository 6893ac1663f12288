import { loadDayResultsPage, loadDayScoreBands, type DaySummary } from '../../../lib/admin/admin-submissions'
import { Pager } from '../components/pager'
import { useAdminData } from '../components/use-admin-data'
import { usePageChoice } from '../components/use-page-choice'
import { ResultsTable } from './results-table'
import { ScoreDistributionChart } from './score-distribution-chart'

/** Rows of a ranking on one page: a day of a whole school stays quick to lay out and to refetch. */
const pageSize = 100

interface DayResultsProps {
  /** The day as the latest summary counts it. */
  day: DaySummary
  search: string
  /** The exam of the summary (undefined: every exam, a one-exam school). */
  examId?: string
  /** The day as the screen names it, e.g. "Monday, 23 November 2026". */
  label: string
  onError: (message: string) => void
}

/**
 * One day's score distribution and ranking for the search, a page at a time, read when shown.
 * Every summary the screen receives (each live refetch) is a new `day`: the loads are keyed by
 * that object rather than by its date, so the chart and the page on screen are refetched with it.
 * Keyed by the search where it is used, so that a new search starts from the first page.
 */
export function DayResults({ day, search, examId, label, onError }: DayResultsProps) {
  const pageChoice = usePageChoice(pageSize)
  const { read } = pageChoice
  const { data: bands } = useAdminData([day, search], () => loadDayScoreBands({ day: day.day, search, examId }), onError)
  const { data: page } = useAdminData(
    [day, search, pageChoice.pageIndex],
    () => read((pageIndex, size) => loadDayResultsPage({ day: day.day, search, examId }, pageIndex, size)),
    onError,
  )
  const caption = `Results of ${label}, ranked by score`

  return (
    <>
      {bands && <ScoreDistributionChart bands={bands} title={`Score distribution, ${label}`} />}
      {page ? (
        <>
          <ResultsTable results={page.rows} caption={caption} onError={onError} />
          <Pager label={`Pages of results of ${label}`} page={page} choice={pageChoice} />
        </>
      ) : (
        <p role="status">Loading results...</p>
      )}
    </>
  )
}
