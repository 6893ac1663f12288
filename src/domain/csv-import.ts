import Papa from 'papaparse'
import { questionCsvHeader } from './question-csv-template'
import { isAnswerLetter, type AnswerLetter, type QuestionContent } from './question'
import { examSize } from './score'
import { counted } from './counted'

/** The database's length limits (questions table checks), checked here so the file is rejected before it is sent. */
const maxQuestionTextLength = 5000
const maxOptionLength = 1000
const columnsNeeded = 7

/** One valid CSV row, shaped as the questions table's columns. */
export interface QuestionImportRow extends QuestionContent {
  correct_answer: AnswerLetter
}

export interface CsvRowError {
  /** The CSV record's position in the file, counting the header as row 1 and blank lines too. */
  row: number
  /** The question number as written in the row (it may be the very thing that is wrong). */
  questionNumber: string
  message: string
}

export type CsvImportResult =
  { ok: true; questions: QuestionImportRow[] } | { ok: false; message: string; rowErrors: CsvRowError[] }

const noQuestionsFoundMessage = 'No valid questions found in the import data'

/**
 * Parses and validates a whole question CSV (docs/product.md#what-administrators-do) and reports every row's errors at
 * once, so that nothing is imported unless the whole file is good. Synchronous and pure:
 * the admin screen runs it in a Web Worker so a large file never blocks the page.
 */
export function parseQuestionCsv(text: string): CsvImportResult {
  // Files stitched together or edited on several systems mix CRLF, LF and CR. papaparse would
  // take the first line end for the whole file, and a row ending in another one would run on
  // into the next row, past the seventh column where nothing is checked: that row would be
  // lost without a word. So every line break becomes LF first (inside quoted fields too).
  // papaparse strips a UTF-8 byte order mark itself.
  const parsed = Papa.parse<string[]>(text.replace(/\r\n?/g, '\n'), { delimiter: ',', newline: '\n', skipEmptyLines: false })
  const rowErrors: CsvRowError[] = parsed.errors.map((error) => ({
    row: (error.row ?? 0) + 1,
    questionNumber: '',
    message: `Malformed CSV: ${error.message}`,
  }))
  const questions: QuestionImportRow[] = []
  const rowOfNumber = new Map<number, number>()

  parsed.data.forEach((fields, index) => {
    // Row 1 is the header.
    if (index === 0 || fields.every((field) => field.trim() === '')) return
    const row = index + 1
    const result = validateRow(fields, row)
    if (!result.ok) {
      rowErrors.push(...result.errors)
      return
    }
    const firstRow = rowOfNumber.get(result.question.question_number)
    if (firstRow !== undefined) {
      rowErrors.push({
        row,
        questionNumber: String(result.question.question_number),
        message: `Question ${result.question.question_number} appears more than once (first on row ${firstRow})`,
      })
      return
    }
    rowOfNumber.set(result.question.question_number, row)
    questions.push(result.question)
  })

  if (rowErrors.length > 0) {
    rowErrors.sort((a, b) => a.row - b.row)
    const rowCount = new Set(rowErrors.map((error) => error.row)).size
    return {
      ok: false,
      message: `Nothing was imported: ${counted(rowCount, 'row has', 'rows have')} errors. Fix them and import again.`,
      rowErrors,
    }
  }
  if (questions.length === 0) return { ok: false, message: noQuestionsFoundMessage, rowErrors: [] }
  return { ok: true, questions }
}

type RowResult = { ok: true; question: QuestionImportRow } | { ok: false; errors: CsvRowError[] }

function validateRow(fields: string[], row: number): RowResult {
  const [rawNumber = '', rawText = '', rawA = '', rawB = '', rawC = '', rawD = '', rawAnswer = ''] = fields.map((field) =>
    field.trim(),
  )
  const error = (message: string): CsvRowError => ({ row, questionNumber: rawNumber, message })
  if (fields.length < columnsNeeded) {
    return {
      ok: false,
      errors: [error(`Row has ${counted(fields.length, 'column')}; ${columnsNeeded} are needed (${questionCsvHeader})`)],
    }
  }

  const errors: CsvRowError[] = []
  const questionNumber = /^\d+$/.test(rawNumber) ? Number(rawNumber) : NaN
  // The exam has questions 1 to 50 (docs/product.md#what-administrators-do), so an import may only fill those numbers.
  if (!(questionNumber >= 1 && questionNumber <= examSize)) {
    errors.push(error(`Question number ${rawNumber} must be a positive number`))
  }
  const options = [rawA, rawB, rawC, rawD]
  if (rawText === '' || options.some((option) => option === '')) {
    errors.push(error(`Question ${rawNumber} is missing required fields`))
  }
  if (rawText.length > maxQuestionTextLength || options.some((option) => option.length > maxOptionLength)) {
    errors.push(
      error(
        `Question ${rawNumber} is too long: at most ${maxQuestionTextLength} characters of text and ${maxOptionLength} per option`,
      ),
    )
  }
  const correctAnswer = rawAnswer.toUpperCase()
  if (!isAnswerLetter(correctAnswer)) {
    errors.push(error(`Question ${rawNumber} has invalid correct answer: ${rawAnswer}`))
  }
  if (errors.length > 0 || !isAnswerLetter(correctAnswer)) return { ok: false, errors }

  return {
    ok: true,
    question: {
      question_number: questionNumber,
      question_text: rawText,
      option_a: rawA,
      option_b: rawB,
      option_c: rawC,
      option_d: rawD,
      correct_answer: correctAnswer,
    },
  }
}
