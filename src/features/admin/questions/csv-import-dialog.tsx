import { useState, type ChangeEvent } from 'react'
import type { CsvImportResult, CsvRowError } from '../../../domain/csv-import'
import { importQuestions } from '../../../lib/admin/admin-questions'
import { AdminDialog } from '../components/admin-dialog'
import { ErrorBanner } from '../components/flash-messages'
import { downloadCsvTemplate } from './download-csv-template'

interface CsvImportDialogProps {
  onClose: () => void
  onImported: (count: number) => void
  /** The exam the questions go to (useExamChoice); none in a one-exam school. */
  examArgs?: [] | [string]
  /** Parses and validates off the main thread; tests pass the pure function. */
  parseCsv: (text: string) => Promise<CsvImportResult>
}

export function CsvImportDialog({ onClose, onImported, parseCsv, examArgs = [] }: CsvImportDialogProps) {
  const [text, setText] = useState('')
  const [fileName, setFileName] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [rowErrors, setRowErrors] = useState<CsvRowError[]>([])
  const [importing, setImporting] = useState(false)

  function showError(message: string, rows: CsvRowError[] = []) {
    setError(message)
    setRowErrors(rows)
  }

  function clearErrors() {
    setError(null)
    setRowErrors([])
  }

  async function chooseFile(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0]
    if (!file) return
    if (!isCsvFile(file)) {
      event.target.value = ''
      showError('Please select a valid CSV file')
      return
    }
    setText(await file.text())
    setFileName(file.name)
    clearErrors()
  }

  async function runImport() {
    // An empty uploaded file goes on to the parser, which answers that it found no questions.
    if (!fileName && text.trim() === '') {
      showError('Please paste the CSV data')
      return
    }
    setImporting(true)
    clearErrors()
    let parsed: CsvImportResult
    try {
      parsed = await parseCsv(text)
    } catch {
      parsed = { ok: false, message: 'Failed to import questions', rowErrors: [] }
    }
    if (!parsed.ok) {
      showError(parsed.message, parsed.rowErrors)
      setImporting(false)
      return
    }
    const saved = await importQuestions(parsed.questions, ...examArgs)
    if (!saved.ok) {
      showError(saved.error)
      setImporting(false)
      return
    }
    onImported(parsed.questions.length)
  }

  return (
    <AdminDialog title="Import Questions from CSV" onClose={() => !importing && onClose()} className="csv-import-dialog">
      <p className="admin-muted">
        The first line is a header and is skipped. Each row needs 7 columns: question_number (1-50), question_text, option_a,
        option_b, option_c, option_d and correct_answer (A, B, C or D). Rows with an existing question number replace that
        question. If any row has an error, nothing is imported.
      </p>
      <label className="admin-field">
        <span>Upload a CSV file</span>
        <input type="file" accept=".csv,text/csv" onChange={(event) => void chooseFile(event)} disabled={importing} />
      </label>
      {fileName && <p className="admin-muted">Loaded {fileName}; you can review or edit it below.</p>}
      <label className="admin-field">
        <span>Or paste CSV data</span>
        <textarea
          rows={8}
          value={text}
          onChange={(event) => setText(event.target.value)}
          disabled={importing}
          spellCheck={false}
          placeholder="question_number,question_text,option_a,option_b,option_c,option_d,correct_answer"
        />
      </label>
      {error && <ErrorBanner message={error} />}
      {rowErrors.length > 0 && (
        <div className="csv-errors" tabIndex={0} role="region" aria-label="Rows with errors">
          <table>
            <caption className="visually-hidden">Rows with errors</caption>
            <thead>
              <tr>
                <th scope="col">Row</th>
                <th scope="col">Question number</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {rowErrors.map((rowError, index) => (
                <tr key={index}>
                  <td>{rowError.row}</td>
                  <td>{rowError.questionNumber}</td>
                  <td>{rowError.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="admin-button-row admin-button-row--end">
        <button type="button" className="admin-button" onClick={downloadCsvTemplate}>
          Download Template
        </button>
        <button type="button" className="admin-button" onClick={onClose} disabled={importing}>
          Cancel
        </button>
        <button
          type="button"
          className="admin-button admin-button--primary"
          onClick={() => void runImport()}
          disabled={importing}
        >
          {importing ? 'Importing...' : 'Import Questions'}
        </button>
      </div>
    </AdminDialog>
  )
}

/**
 * The import takes .csv files (docs/product.md#what-administrators-do), that is text/csv. Windows with
 * Excel installed reports a .csv file as application/vnd.ms-excel, and some browsers report no type
 * at all, so the name decides there.
 */
function isCsvFile(file: File): boolean {
  if (file.type === 'text/csv') return true
  return ['', 'application/vnd.ms-excel'].includes(file.type) && file.name.toLowerCase().endsWith('.csv')
}
