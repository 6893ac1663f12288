import type { ResultsTally } from '../../domain/results-analytics'
import { adminRequest, type AdminResult } from './admin-result'
import { readPage, type ListPage } from './admin-reads'
import type { Database, Json } from '../api/database.types'
import type * as v from 'valibot'
import { getSupabase } from '../api/supabase'
import { parseAnswer, resultsSummarySchema } from './rpc-answers'

/**
 * Test Results reads through SQL (migrations 20261124000200_read_admin_screens_in_sql.sql and
 * 20261124000400_count_score_bands.sql): hosted PostgREST answers at most max_rows rows per read,
 * so the figures and day groups come counted, and a day's rows come ranked, a page at a time.
 */

/** One row of admin_day_results: a submission without its answers, with its code's extra time and its rank in its day. */
export type SubmissionResult = Omit<
  DayResultRow,
  | 'voided_at'
  | 'void_reason'
  | 'regraded_at'
  | 'score_before_regrade'
  | 'rank'
  | 'uncounted_answers'
  | 'server_copy_saved_at'
  | 'replaced_server_copy_at'
> & {
  /** When an administrator voided it; null while it counts. */
  voided_at: string | null
  void_reason: string | null
  /** When a key correction last changed its score, and the score it had first; null when never. */
  regraded_at: string | null
  score_before_regrade: number | null
  /** Its rank by score in its day; null for a voided submission, which has none. */
  rank: number | null
  /** How many answers of its recovered answer file differed from what the device reported in time and were not counted; null when not checked. */
  uncounted_answers: number | null
  /** For a submission from the server's copy (from_server_copy): when that copy was reported; null if never. */
  server_copy_saved_at: string | null
  /** When a device's or answer file's submission replaced the server's copy; null when it did not. */
  replaced_server_copy_at: string | null
}
type DayResultRow = Database['public']['Functions']['admin_day_results']['Returns'][number]

export interface ResultsFilter {
  /** Matched anywhere in the student's name or the login code, case-insensitively; '' for none. */
  search: string
  /** A local day as YYYY-MM-DD, or null for all dates. */
  day: string | null
  /** Only this exam's submissions; undefined for every exam (a one-exam school's). */
  examId?: string
}

/** One day of a filter. */
export interface DayFilter {
  /** YYYY-MM-DD in the administrator's time zone. */
  day: string
  search: string
  examId?: string
}

export interface DaySummary extends ResultsTally {
  /** YYYY-MM-DD in the administrator's time zone. */
  day: string
  /** Voided submissions of the day matching the search: listed, counted in nothing else. */
  voided: number
}

/** Everything Test Results shows before any row: the cards (this tally), the day groups and the date filter's choices. */
export interface ResultsSummary extends ResultsTally {
  /** The filter these figures answer, so that what is shown always matches them. */
  filter: ResultsFilter
  /** Submissions of every day, unfiltered. */
  allTotal: number
  /** Voided submissions matching the filter: listed, counted in nothing else. */
  voided: number
  /** The filter's days with matching submissions, newest first. */
  days: DaySummary[]
  /** Every day with submissions, newest first. */
  dayChoices: string[]
}

/** Hosted PostgREST's max_rows (supabase/config.toml): the most rows one read answers. */
const rowsPerRead = 1000

const loadFailed = 'Failed to load submissions'

/** Days are the administrator's own: SQL groups by the calendar of the browser's time zone. */
function timeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone
}

/** The arguments of the functions that read one day. */
const dayArguments = (filter: DayFilter) => ({
  time_zone: timeZone(),
  day: filter.day,
  search: filter.search,
  exam_id: filter.examId,
})

export async function loadResultsSummary(filter: ResultsFilter): Promise<AdminResult<ResultsSummary>> {
  const reply = await adminRequest({ message: loadFailed }, () =>
    getSupabase().rpc('admin_results_summary', {
      time_zone: timeZone(),
      search: filter.search,
      day: filter.day ?? undefined,
      exam_id: filter.examId,
    }),
  )
  const answer = parseAnswer(reply, resultsSummarySchema, loadFailed)
  return answer.ok ? { ok: true, data: summaryOf(answer.data, filter) } : answer
}

/** Page `pageIndex` of one day's ranking for the search, `pageSize` rows a page, with the day's total. */
export function loadDayResultsPage(
  filter: DayFilter,
  pageIndex: number,
  pageSize: number,
): Promise<AdminResult<ListPage<SubmissionResult>>> {
  return readPage(loadFailed, pageIndex, pageSize, (from, to) =>
    getSupabase().rpc('admin_day_results', dayArguments(filter), { count: 'exact' }).range(from, to),
  )
}

/** Every row of one day's ranking for the search, a read at a time; `onRows` hears how many each read brought. */
export function loadAllDayResults(filter: DayFilter, onRows: (count: number) => void): Promise<AdminResult<SubmissionResult[]>> {
  return readEveryRow((pageIndex, pageSize) => loadDayResultsPage(filter, pageIndex, pageSize), onRows)
}

/** One submission's answers: question number → the letter chosen. */
export interface SubmissionAnswers {
  id: string
  answers: Record<string, string>
}

/** The answers of every row of one day's ranking for the search (admin_day_answers), a read at a time. */
export function loadAllDayAnswers(filter: DayFilter): Promise<AdminResult<SubmissionAnswers[]>> {
  const readAnswers = (pageIndex: number, pageSize: number) =>
    readPage(loadFailed, pageIndex, pageSize, (from, to) =>
      getSupabase().rpc('admin_day_answers', dayArguments(filter), { count: 'exact' }).range(from, to),
    )
  return readEveryRow(
    async (pageIndex, pageSize) => {
      const page = await readAnswers(pageIndex, pageSize)
      if (!page.ok) return page
      const rows = page.data.rows.map((row) => ({ id: row.id, answers: answersOf(row.answers) }))
      return { ok: true, data: { ...page.data, rows } }
    },
    () => {},
  )
}

/** A stored answers object as letters by question number; anything else in it is left out. */
function answersOf(stored: Json): Record<string, string> {
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return {}
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
}

/**
 * Every row of a list read `rowsPerRead` at a time by `read` (a page with the list's total).
 * A row arriving between two reads moves the rows after it down by one, so a row may come twice:
 * it is kept once, in its first place.
 */
async function readEveryRow<Row extends { id: string }>(
  read: (pageIndex: number, pageSize: number) => Promise<AdminResult<ListPage<Row>>>,
  onRows: (count: number) => void,
): Promise<AdminResult<Row[]>> {
  const rows = new Map<string, Row>()
  for (let pageIndex = 0; ; pageIndex++) {
    const page = await read(pageIndex, rowsPerRead)
    if (!page.ok) return page
    for (const row of page.data.rows) if (!rows.has(row.id)) rows.set(row.id, row)
    onRows(page.data.rows.length)
    const last = (pageIndex + 1) * rowsPerRead >= page.data.total
    if (last) return { ok: true, data: [...rows.values()] }
    // A short page before the end: the server returns fewer rows per read than asked (a project
    // with max_rows below rowsPerRead). Going on would skip rows; the report must not.
    if (page.data.rows.length < rowsPerRead) return { ok: false, error: loadFailed }
  }
}

/** How many of one day's submissions for the search fall in each 10 % band of the percentage (0-9 % … 90-100 %). */
export async function loadDayScoreBands(filter: DayFilter): Promise<AdminResult<number[]>> {
  const reply = await adminRequest({ message: loadFailed }, () =>
    getSupabase().rpc('admin_day_score_bands', dayArguments(filter)),
  )
  return reply.ok ? { ok: true, data: reply.data.map((band) => band.submissions) } : reply
}

/** admin_results_summary's answer, in the screen's words. */
function summaryOf(answer: v.InferOutput<typeof resultsSummarySchema>, filter: ResultsFilter): ResultsSummary {
  const { all_total, voided, days, day_choices } = answer
  return {
    filter,
    allTotal: all_total,
    ...tallyOf(answer),
    voided,
    days: days.map((day) => ({ day: day.day, ...tallyOf(day), voided: day.voided })),
    dayChoices: day_choices,
  }
}

function tallyOf({
  total,
  score_sum,
  question_sum,
  passed,
}: {
  total: number
  score_sum: number
  question_sum: number
  passed: number
}): ResultsTally {
  return { total, scoreSum: score_sum, questionSum: question_sum, passed }
}
