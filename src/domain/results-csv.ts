import Papa from 'papaparse'
import { localDateKey, scoreGrade } from './results-analytics'
import { formatMinutesSeconds } from './time-format'

/** One submission as Test Results lists it, as far as the export needs. */
export interface ExportedSubmission {
  rank: number | null
  student_name: string
  login_code: string
  submitted_at: string
  score: number
  question_count: number
  tab_switches: number
  time_taken: number
  extra_minutes: number
  arrived_late: boolean
  recovered_from_file: boolean
  /** Submitted by the server from its copy of a silent attempt's answers (public.submit_from_server_copies). */
  from_server_copy: boolean
  /** For such a submission, when that copy was reported; null if it never was. */
  server_copy_saved_at: string | null
  void_reason: string | null
  /** The score before a key correction regraded it; null when never. */
  score_before_regrade: number | null
  /** The exam it belongs to (admin_day_results), the first column where several exams are in use. */
  exam_name?: string
  /** Question number → the letter chosen; present when the export has a column per question. */
  answers?: Record<string, string>
}

/**
 * A cell a spreadsheet would run as a formula (or a DDE command) starts with one of these; it is
 * written with a leading apostrophe, which spreadsheets show as text. papaparse's own
 * `escapeFormulae: true` only looks at one-line cells, so the pattern is ours.
 */
const formulaStart = /^[=+\-@\t\r]/

/** The byte order mark that makes Excel read the file as UTF-8 (names with accents). */
export const utf8Bom = '\ufeff'

const headings = [
  'Rank',
  'Name',
  'Login code',
  'Submitted at',
  'Score',
  'Out of',
  'Percentage',
  'Rating',
  'Tab switches',
  'Time taken',
  'Extra minutes',
  'Arrived late',
  'Recovered from file',
  'Submitted from server copy',
  'Server copy saved at',
  'Regraded',
  'Score before regrade',
  'Voided',
  'Void reason',
]

const yes = (flag: boolean) => (flag ? 'yes' : '')

/** Every question number answered in `rows`, in order: the per-question columns. */
export function answeredQuestionNumbers(rows: readonly ExportedSubmission[]): number[] {
  const numbers = new Set<number>()
  for (const row of rows) for (const key of Object.keys(row.answers ?? {})) numbers.add(Number(key))
  return [...numbers].sort((a, b) => a - b)
}

/**
 * The results as a CSV file's text: a UTF-8 byte order mark, a heading row, one row per
 * submission in the order given, each with its figures as Test Results shows them, and, when
 * `questionNumbers` is given, a column per question with the letter chosen ('' for none).
 * `formatMoment` writes the submission time (and when a server copy was saved) in the
 * administrator's own time zone.
 */
export function resultsCsv(
  rows: readonly ExportedSubmission[],
  formatMoment: (iso: string) => string,
  questionNumbers: readonly number[] | null = null,
  withExam = false,
): string {
  const questionHeadings = (questionNumbers ?? []).map((n) => `Q${n}`)
  const data = rows.map((row) => {
    const { percentage, rating } = scoreGrade(row.score, row.question_count)
    return [
      ...(withExam ? [row.exam_name ?? ''] : []),
      row.rank ?? '',
      row.student_name,
      row.login_code,
      formatMoment(row.submitted_at),
      row.score,
      row.question_count,
      percentage,
      rating,
      row.tab_switches,
      formatMinutesSeconds(row.time_taken),
      row.extra_minutes,
      yes(row.arrived_late),
      yes(row.recovered_from_file),
      // yes or no, never blank: a reader filtering on it must not take a blank for "not known".
      row.from_server_copy ? 'yes' : 'no',
      row.server_copy_saved_at === null ? '' : formatMoment(row.server_copy_saved_at),
      yes(row.score_before_regrade !== null),
      row.score_before_regrade ?? '',
      yes(row.void_reason !== null),
      row.void_reason ?? '',
      ...(questionNumbers ?? []).map((n) => row.answers?.[String(n)] ?? ''),
    ]
  })
  return spreadsheetCsv([...(withExam ? ['Exam'] : []), ...headings, ...questionHeadings], data)
}

/**
 * A CSV file spreadsheets open safely: UTF-8 with its byte order mark, Windows line ends, and every
 * cell that would run as a formula written as text.
 */
export function spreadsheetCsv(fields: readonly string[], data: readonly (readonly (string | number)[])[]): string {
  return (
    utf8Bom +
    Papa.unparse({ fields: [...fields], data: data.map((row) => [...row]) }, { escapeFormulae: formulaStart, newline: '\r\n' }) +
    '\r\n'
  )
}

/** A moment as spreadsheets read it, in the browser's time zone: "2026-11-24 09:05:00". */
export function spreadsheetMoment(iso: string): string {
  const date = new Date(iso)
  const time = [date.getHours(), date.getMinutes(), date.getSeconds()].map((part) => String(part).padStart(2, '0')).join(':')
  return `${localDateKey(date)} ${time}`
}
