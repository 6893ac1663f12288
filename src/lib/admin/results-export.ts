import type { ExportedSubmission } from '../../domain/results-csv'
import type { AdminResult } from './admin-result'
import { loadAllDayAnswers, loadAllDayResults, type ResultsSummary } from './admin-submissions'

/**
 * Every submission of a summary's filter (its search, and its day or every day), day by day,
 * newest day first and each day in its ranking's order, as Test Results lists them; with each
 * one's answers when `withAnswers`. Read a page at a time, so past hosted PostgREST's 1,000 rows.
 */
export async function loadResultsExport(
  summary: ResultsSummary,
  withAnswers: boolean,
  onRows: (count: number) => void,
): Promise<AdminResult<ExportedSubmission[]>> {
  const exported: ExportedSubmission[] = []
  for (const { day } of summary.days) {
    const filter = { day, search: summary.filter.search, examId: summary.filter.examId }
    const rows = await loadAllDayResults(filter, onRows)
    if (!rows.ok) return rows
    if (!withAnswers) {
      exported.push(...rows.data)
      continue
    }
    const answers = await loadAllDayAnswers(filter)
    if (!answers.ok) return answers
    const byId = new Map(answers.data.map((row) => [row.id, row.answers]))
    exported.push(...rows.data.map((row) => ({ ...row, answers: byId.get(row.id) ?? {} })))
  }
  return { ok: true, data: exported }
}
