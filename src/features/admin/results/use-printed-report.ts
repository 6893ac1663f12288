import { useCallback, useEffect, useRef, useState } from 'react'
import {
  loadAllDayResults,
  type DaySummary,
  type ResultsSummary,
  type SubmissionResult,
} from '../../../lib/admin/admin-submissions'

/** Printing starts half a second after the report is ready (docs/product.md#what-administrators-do). */
const printDelayMs = 500

export interface PrintedReport {
  /** The figures and the scope (the filter) on screen when Print Results was pressed. */
  summary: ResultsSummary
  days: { day: DaySummary; rows: SubmissionResult[] }[]
  generatedAt: Date
}

/** Rows read so far for the report, of how many. */
export interface ReportProgress {
  loaded: number
  total: number
}

/**
 * Print Results: reads every row of the summary's scope, day by day and a read at a time (saying
 * how far it has got), lays out the report and prints it half a second later. The report goes
 * when the print dialog closes, so that a later Ctrl+P never prints figures of another time.
 */
export function usePrintedReport(onError: (message: string) => void) {
  const [progress, setProgress] = useState<ReportProgress>()
  const [report, setReport] = useState<PrintedReport>()
  // A press of Print Results while a report is read, or leaving the screen, abandons the reading.
  const latestRun = useRef(0)
  const printTimer = useRef<ReturnType<typeof setTimeout>>(undefined)

  useEffect(() => {
    const dropReport = () => setReport(undefined)
    window.addEventListener('afterprint', dropReport)
    return () => {
      // eslint-disable-next-line react-hooks/exhaustive-deps -- a run counter, not a DOM node: unmounting must bump its latest value.
      latestRun.current++
      clearTimeout(printTimer.current)
      window.removeEventListener('afterprint', dropReport)
    }
  }, [])

  const print = useCallback(
    async (summary: ResultsSummary) => {
      const run = ++latestRun.current
      clearTimeout(printTimer.current)
      const total = summary.total + summary.voided
      let loaded = 0
      setProgress({ loaded, total })
      const days: PrintedReport['days'] = []
      for (const day of summary.days) {
        const rows = await loadAllDayResults(
          { day: day.day, search: summary.filter.search, examId: summary.filter.examId },
          (count) => {
            loaded += count
            if (run === latestRun.current) setProgress({ loaded, total })
          },
        )
        if (run !== latestRun.current) return
        if (!rows.ok) {
          setProgress(undefined)
          onError(rows.error)
          return
        }
        days.push({ day, rows: rows.data })
      }
      setProgress(undefined)
      setReport({ summary, days, generatedAt: new Date() })
      printTimer.current = setTimeout(() => window.print(), printDelayMs)
    },
    [onError],
  )

  return { progress, report, print }
}
