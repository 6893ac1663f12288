import { useCallback, useState } from 'react'
import { answeredQuestionNumbers, resultsCsv, spreadsheetMoment } from '../../../domain/results-csv'
import type { ResultsSummary } from '../../../lib/admin/admin-submissions'
import { saveTextFile } from '../../../lib/browser/save-text-file'
import { loadResultsExport } from '../../../lib/admin/results-export'

/** What Export CSV says when the filter has no submission: nothing is saved. */
export const nothingToExport = 'No results to export'

/** The file's name: the day exported (or all dates), and whether a search narrowed it. */
export function exportFileName({ day, search }: ResultsSummary['filter']): string {
  return `holdfast-results-${day ?? 'all-dates'}${search ? '-search' : ''}.csv`
}

/**
 * Export CSV: reads every submission of the summary's filter, a read at a time (saying how many
 * so far), and saves them as a CSV file, with a column per question when asked.
 */
export function useResultsExport(onError: (message: string) => void, withExam = false) {
  const [loaded, setLoaded] = useState<number>()

  const exportCsv = useCallback(
    async (summary: ResultsSummary, withAnswers: boolean) => {
      if (summary.total + summary.voided === 0) {
        onError(nothingToExport)
        return
      }
      let count = 0
      setLoaded(count)
      const rows = await loadResultsExport(summary, withAnswers, (read) => setLoaded((count += read)))
      setLoaded(undefined)
      if (!rows.ok) {
        onError(rows.error)
        return
      }
      const questions = withAnswers ? answeredQuestionNumbers(rows.data) : null
      saveTextFile(
        exportFileName(summary.filter),
        resultsCsv(rows.data, spreadsheetMoment, questions, withExam),
        'text/csv;charset=utf-8',
      )
    },
    [onError, withExam],
  )

  return { loaded, exportCsv }
}
