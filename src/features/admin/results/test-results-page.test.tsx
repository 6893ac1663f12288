import { act, fireEvent, render, screen, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeTableChanges, type FakeChannel } from '../../../../tests/unit/fake-table-changes'
import { localDateKey } from '../../../domain/results-analytics'
import { passMarkPercent, scorePercentage } from '../../../domain/score'
import type { AdminResult } from '../../../lib/admin/admin-result'
import {
  loadAllDayResults,
  loadDayResultsPage,
  loadDayScoreBands,
  loadResultsSummary,
  type DayFilter,
  type ResultsFilter,
  type SubmissionResult,
} from '../../../lib/admin/admin-submissions'
import { watchTableChanges } from '../../../lib/admin/table-changes'
import { formatDay } from '../components/format'
import { TestResultsPage } from './test-results-page'

vi.mock('../../../lib/admin/admin-submissions', () => ({
  loadResultsSummary: vi.fn(),
  loadDayResultsPage: vi.fn(),
  loadAllDayResults: vi.fn(),
  loadDayScoreBands: vi.fn(),
}))
vi.mock('../../../lib/admin/table-changes', () => ({ watchTableChanges: vi.fn() }))
vi.mock('../../../lib/api/supabase', () => ({ getSupabase: vi.fn() }))

// Midday, so that "today" cannot roll over while a test runs.
const today = new Date(2026, 10, 23, 12, 0)
const yesterday = new Date(2026, 10, 22, 12, 0)
const todayLabel = formatDay(localDateKey(today))
const yesterdayLabel = formatDay(localDateKey(yesterday))

/** A submission as the server stores it; the fake server below ranks it within its day. */
type StoredSubmission = Omit<SubmissionResult, 'rank' | 'display_order'>

let serial = 0
function submission(name: string, score: number, at: Date, changes: Partial<StoredSubmission> = {}): StoredSubmission {
  serial++
  return {
    id: `s-${serial}`,
    student_name: name,
    login_code: `CODE${String(serial).padStart(4, '0')}`,
    score,
    question_count: 50,
    tab_switches: 0,
    time_taken: 754,
    started_at: at.toISOString(),
    submitted_at: at.toISOString(),
    received_at: at.toISOString(),
    answers_fingerprint: `fp${String(serial).padStart(10, '0')}`,
    recovered_from_file: false,
    arrived_late: false,
    extra_minutes: 0,
    voided_at: null,
    void_reason: null,
    regraded_at: null,
    score_before_regrade: null,
    uncounted_answers: null,
    from_server_copy: false,
    server_copy_saved_at: null,
    replaced_server_copy_at: null,
    exam_id: 'exam-1',
    exam_name: 'Holdfast Assessment',
    ...changes,
  }
}

// The server: what the SQL functions answer for `stored` (days in the test's time zone).
let stored: StoredSubmission[]

const dayOf = (row: StoredSubmission) => localDateKey(row.submitted_at)
const matches = (row: StoredSubmission, search: string) =>
  [row.student_name, row.login_code].some((text) => text.toLowerCase().includes(search.toLowerCase()))
const tally = (rows: StoredSubmission[]) => ({
  total: rows.length,
  scoreSum: rows.reduce((sum, row) => sum + row.score, 0),
  questionSum: rows.reduce((sum, row) => sum + row.question_count, 0),
  passed: rows.filter((row) => scorePercentage(row.score, row.question_count) >= passMarkPercent).length,
})

function summaryOf(filter: ResultsFilter) {
  const dayChoices = [...new Set(stored.map(dayOf))].sort().reverse()
  const shownRows = (day: string) => stored.filter((row) => dayOf(row) === day && matches(row, filter.search))
  const days = dayChoices
    .filter((day) => (filter.day ?? day) === day && shownRows(day).length > 0)
    .map((day) => ({ day, ...tally(shownRows(day)), voided: 0 }))
  return { filter, allTotal: stored.length, ...tally(days.flatMap((day) => shownRows(day.day))), voided: 0, days, dayChoices }
}

/** The day's matching rows in display order, each ranked by score within the whole day. */
function rankedDay({ day, search }: DayFilter): SubmissionResult[] {
  const ordered = stored
    .filter((row) => dayOf(row) === day)
    .sort((a, b) => b.score - a.score || a.time_taken - b.time_taken || a.submitted_at.localeCompare(b.submitted_at))
  return ordered
    .map((row, index) => ({
      ...row,
      rank: 1 + ordered.findIndex((other) => other.score === row.score),
      display_order: index + 1,
    }))
    .filter((row) => matches(row, search))
}

const answer = <T,>(data: T): AdminResult<T> => ({ ok: true, data })
let channels: FakeChannel[]

beforeEach(() => {
  vi.useFakeTimers({ now: today })
  vi.clearAllMocks()
  serial = 0
  stored = [
    submission('Ada Lovelace', 45, today, { tab_switches: 6 }),
    submission('Alan Turing', 30, today, { tab_switches: 3 }),
    submission('Grace Hopper', 45, today, { tab_switches: 2 }),
    submission('Edsger Dijkstra', 20, yesterday),
  ]
  vi.mocked(loadResultsSummary).mockImplementation(async (filter) => answer(summaryOf(filter)))
  vi.mocked(loadDayResultsPage).mockImplementation(async (filter, pageIndex, pageSize) => {
    const rows = rankedDay(filter)
    return answer({ pageIndex, rows: rows.slice(pageIndex * pageSize, (pageIndex + 1) * pageSize), total: rows.length })
  })
  vi.mocked(loadAllDayResults).mockImplementation(async (filter, onRows) => {
    const rows = rankedDay(filter)
    onRows(rows.length)
    return answer(rows)
  })
  vi.mocked(loadDayScoreBands).mockImplementation(async (filter) => {
    const bands = Array.from({ length: 10 }, () => 0)
    for (const { score } of rankedDay(filter)) {
      const band = Math.min(9, Math.floor(score / 5))
      bands[band] = (bands[band] ?? 0) + 1
    }
    return answer(bands)
  })
  channels = fakeTableChanges(watchTableChanges)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

/** Lets pending loads answer and the page re-render, moving the fake clock by `ms`. */
const elapse = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms))

async function renderPage() {
  render(
    <MemoryRouter>
      <TestResultsPage />
    </MemoryRouter>,
  )
  await elapse()
}

const statValues = () =>
  within(screen.getByRole('list', { name: 'Result statistics' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const rankingOf = (label: string) => screen.getByRole('table', { name: `Results of ${label}, ranked by score` })

const rowsOf = (table: HTMLElement) =>
  [...table.querySelectorAll('tbody tr')].map((row) =>
    [...row.querySelectorAll('td, th')].slice(0, 9).map((cell) => cell.textContent),
  )

const dayToggle = (label: string) => screen.getByRole('button', { name: new RegExp(`^${label}`) })

async function search(text: string) {
  fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: text } })
  await elapse(300)
}

const summaryReads = () => vi.mocked(loadResultsSummary).mock.calls.map(([filter]) => filter)
const pageReads = () =>
  vi.mocked(loadDayResultsPage).mock.calls.map(([filter, pageIndex]) => [filter.day, filter.search, pageIndex])

describe('TestResultsPage', () => {
  it('shows the figures out of 50 with the pass rate at 60 %, from one summary', async () => {
    await renderPage()

    expect(statValues()).toEqual(['Total Submissions4', 'Average Score35.0/50', 'Pass Rate75%', 'Students Passed3'])
    expect(screen.getByText('Showing 4 of 4 results')).toBeDefined()
    expect(summaryReads()).toEqual([{ search: '', day: null }])
  })

  it("groups by day with today's group expanded and badged, ranked by the server with ties", async () => {
    await renderPage()

    const todayToggle = dayToggle(todayLabel)
    expect(todayToggle.getAttribute('aria-expanded')).toBe('true')
    expect(todayToggle.textContent).toContain('Today')
    expect(todayToggle.textContent).toContain('3 students · Average 40.0/50 · Pass rate 100%')
    expect(dayToggle(yesterdayLabel).textContent).toContain('1 student · Average 20.0/50 · Pass rate 0%')
    const table = rankingOf(todayLabel)
    const time = (at: Date) => at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    expect(rowsOf(table)).toEqual([
      ['#1', 'Ada Lovelace', 'CODE0001', time(today), '45/50', '90%', '6', '12:34', 'Excellent'],
      ['#1', 'Grace Hopper', 'CODE0003', time(today), '45/50', '90%', '2', '12:34', 'Excellent'],
      ['#3', 'Alan Turing', 'CODE0002', time(today), '30/50', '60%', '3', '12:34', 'Pass'],
    ])
    const switches = [...table.querySelectorAll('.tab-switches')].map((badge) => badge.className)
    expect(switches).toEqual([
      'tab-switches tab-switches--red',
      'tab-switches tab-switches--green',
      'tab-switches tab-switches--yellow',
    ])
    expect(within(table).getByText('fp0000000001')).toBeDefined()
    expect(screen.getByRole('img', { name: /^Score distribution/ }).getAttribute('aria-label')).toContain('90-100%: 2')
    // Three rows need no pages.
    expect(screen.queryByRole('navigation', { name: /^Pages of / })).toBeNull()
  })

  it('marks extra time, a submission recovered from a file (with its answers not counted), one that arrived late and one that arrived after the solutions were out, on screen and in the printed report', async () => {
    stored = [
      submission('Ada Lovelace', 45, today, { extra_minutes: 15 }),
      submission('Alan Turing', 30, today, { recovered_from_file: true, uncounted_answers: 0 }),
      submission('Grace Hopper', 20, today),
      submission('Edsger Dijkstra', 10, today, { arrived_late: true, recovered_from_file: true, uncounted_answers: 3 }),
      submission('Barbara Liskov', 5, today, { arrived_late: true }),
      submission('John Backus', 4, today, { arrived_late: true, uncounted_answers: 45 }),
      submission('Frances Allen', 3, today, { arrived_late: true, uncounted_answers: 0 }),
    ]
    vi.spyOn(window, 'print').mockImplementation(() => {})
    await renderPage()

    const table = rankingOf(todayLabel)
    const [ada, alan, grace, edsger, barbara, john, frances] = rowsOf(table)
    expect([ada?.[1], ada?.[7]]).toEqual(['Ada Lovelace', '12:34+15 min extra time'])
    expect([alan?.[1], alan?.[7]]).toEqual(['Alan TuringRecovered from file', '12:34'])
    expect([grace?.[1], grace?.[7]]).toEqual(['Grace Hopper', '12:34'])
    expect([edsger?.[1], barbara?.[1], john?.[1], frances?.[1]]).toEqual([
      'Edsger DijkstraRecovered from file: 3 answers not countedArrived late',
      'Barbara LiskovArrived late',
      'John BackusArrived after the solutions were out: 45 answers not counted',
      'Frances AllenArrived after the solutions were out',
    ])
    const badges = (name: RegExp) =>
      [...within(table).getByRole('rowheader', { name }).querySelectorAll('.admin-badge--purple')].map(
        (badge) => badge.textContent,
      )
    expect(badges(/Alan Turing/)).toEqual(['Recovered from file'])
    expect(badges(/Edsger Dijkstra/)).toEqual(['Recovered from file: 3 answers not counted', 'Arrived late'])
    expect(badges(/Barbara Liskov/)).toEqual(['Arrived late'])
    expect(badges(/John Backus/)).toEqual(['Arrived after the solutions were out: 45 answers not counted'])
    expect(badges(/Grace Hopper/)).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Print Results' }))
    await elapse()
    const report = screen.getByRole('region', { name: 'Printable results report' })
    expect([...report.querySelectorAll('tbody tr')].map((row) => row.lastElementChild?.textContent)).toEqual([
      '+15 min extra time',
      'Recovered from file',
      '',
      'Recovered from file: 3 answers not counted; Arrived late',
      'Arrived late',
      'Arrived after the solutions were out: 45 answers not counted',
      'Arrived after the solutions were out',
    ])
  })

  it("marks a submission from the server's copy (when it was last saved) and one whose device replaced it, in its row, its details and the printed report", async () => {
    const savedAt = new Date(2026, 10, 23, 11, 41)
    const replacedAt = new Date(2026, 10, 23, 11, 50)
    stored = [
      submission('Ada Lovelace', 45, today, { from_server_copy: true, server_copy_saved_at: savedAt.toISOString() }),
      submission('Alan Turing', 30, today, { replaced_server_copy_at: replacedAt.toISOString() }),
      submission('Grace Hopper', 0, today, { from_server_copy: true, server_copy_saved_at: null }),
      submission('Edsger Dijkstra', 20, today, { arrived_late: true, replaced_server_copy_at: replacedAt.toISOString() }),
    ]
    vi.spyOn(window, 'print').mockImplementation(() => {})
    await renderPage()

    const time = (at: Date) => at.toLocaleTimeString(undefined, { hour: '2-digit', minute: '2-digit' })
    const table = rankingOf(todayLabel)
    expect(rowsOf(table).map((row) => row[1])).toEqual([
      `Ada LovelaceSubmitted from the server's copy (last saved ${time(savedAt)})`,
      "Alan TuringDevice's submission replaced the server's copy",
      "Edsger DijkstraArrived lateDevice's submission replaced the server's copy",
      "Grace HopperSubmitted from the server's copy (nothing was saved)",
    ])
    // Each a badge in words.
    const ada = within(table).getByRole('rowheader', { name: /Ada Lovelace/ })
    expect(within(ada).getByText(`Submitted from the server's copy (last saved ${time(savedAt)})`).className).toContain(
      'admin-badge',
    )

    const details = (name: string) => {
      const row = within(table)
        .getByRole('rowheader', { name: new RegExp(name) })
        .closest('tr')
      const list = row?.querySelector('.result-details dl')
      return [...(list?.querySelectorAll('dt, dd') ?? [])].map((item) => item.textContent).slice(8)
    }
    const moment = (at: Date) => at.toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    expect(details('Ada Lovelace')).toEqual([
      'How it arrived',
      `Submitted from the server's copy (last saved ${moment(savedAt)})`,
    ])
    expect(details('Alan Turing')).toEqual([
      'How it arrived',
      `Device's submission replaced the server's copy (at ${moment(replacedAt)})`,
    ])
    expect(details('Grace Hopper')).toEqual(['How it arrived', "Submitted from the server's copy (nothing was saved)"])

    fireEvent.click(screen.getByRole('button', { name: 'Print Results' }))
    await elapse()
    const report = screen.getByRole('region', { name: 'Printable results report' })
    expect([...report.querySelectorAll('tbody tr')].map((row) => row.lastElementChild?.textContent)).toEqual([
      `Submitted from the server's copy (last saved ${time(savedAt)})`,
      "Device's submission replaced the server's copy",
      "Arrived late; Device's submission replaced the server's copy",
      "Submitted from the server's copy (nothing was saved)",
    ])
  })

  it('offers Void in each row, outside its details, and opens the same dialog as before', async () => {
    await renderPage()

    const table = rankingOf(todayLabel)
    const ada = within(table).getByRole('row', { name: /Ada Lovelace/ })
    const voidButton = within(ada).getByRole('button', { name: /^Void…\s?the submission of Ada Lovelace$/ })
    // In the row itself: no need to open Details first.
    expect(voidButton.closest('details')).toBeNull()
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((heading) => heading.textContent),
    ).toContain('Actions')

    fireEvent.click(voidButton)

    expect(screen.getByRole('dialog', { name: 'Void the submission of Ada Lovelace' })).toBeDefined()
  })

  it('scores a shorter exam out of the questions it served, in its row and in the averages (issue 16)', async () => {
    // 20 right of the 25 questions served is 80 %, as the student's screens say, not 20/50.
    stored.push(submission('Short Exam', 20, yesterday, { question_count: 25 }))
    await renderPage()

    // With Edsger Dijkstra's 20 of 50: 20 right on average of 37.5 served; one of two passed.
    expect(dayToggle(yesterdayLabel).textContent).toContain('2 students · Average 20.0/37.5 · Pass rate 50%')
    fireEvent.click(dayToggle(yesterdayLabel))
    await elapse()
    expect(rowsOf(rankingOf(yesterdayLabel)).map((row) => row.slice(1, 2).concat(row.slice(4, 6), row.slice(8)))).toEqual([
      ['Edsger Dijkstra', '20/50', '40%', 'Needs Improvement'],
      ['Short Exam', '20/25', '80%', 'Excellent'],
    ])
  })

  it('reads the rows of a day only once its group is opened', async () => {
    await renderPage()
    const toggle = dayToggle(yesterdayLabel)
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('table', { name: `Results of ${yesterdayLabel}, ranked by score` })).toBeNull()
    expect(pageReads()).toEqual([[localDateKey(today), '', 0]])

    fireEvent.click(toggle)
    await elapse()

    expect(pageReads()).toEqual([
      [localDateKey(today), '', 0],
      [localDateKey(yesterday), '', 0],
    ])
    const table = rankingOf(yesterdayLabel)
    expect(rowsOf(table)[0]?.slice(0, 2)).toEqual(['#1', 'Edsger Dijkstra'])
    expect(rowsOf(table)[0]?.[8]).toBe('Needs Improvement')
  })

  it('pages through a long day a hundred rows at a time', async () => {
    stored = Array.from({ length: 250 }, (_, index) => submission(`Student ${index + 1}`, 50 - (index % 51), today))
    await renderPage()
    const pager = screen.getByRole('navigation', { name: `Pages of results of ${todayLabel}` })
    const button = (name: string) => within(pager).getByRole('button', { name })
    expect(within(pager).getByText('1–100 of 250')).toBeDefined()
    expect(rowsOf(rankingOf(todayLabel))).toHaveLength(100)
    expect(button('Previous page').getAttribute('aria-disabled')).toBe('true')

    fireEvent.click(button('Next page'))
    await elapse()
    fireEvent.click(button('Next page'))
    await elapse()

    expect(within(pager).getByText('201–250 of 250')).toBeDefined()
    const lastPage = rowsOf(rankingOf(todayLabel))
    expect(lastPage).toHaveLength(50)
    expect(lastPage.at(-1)?.slice(0, 2)).toEqual(['#247', 'Student 204'])
    expect(button('Next page').getAttribute('aria-disabled')).toBe('true')
    expect(pageReads().map(([, , pageIndex]) => pageIndex)).toEqual([0, 1, 2])

    fireEvent.click(button('Previous page'))
    await elapse()
    expect(within(pager).getByText('101–200 of 250')).toBeDefined()
  })

  it('searches by name or code on the server once the typing settles, for the figures and the rows', async () => {
    await renderPage()

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'c' } })
    await elapse(100)
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'code0002 ' } })
    await elapse(299)
    expect(summaryReads()).toHaveLength(1)
    await elapse(1)

    expect(summaryReads()).toEqual([
      { search: '', day: null },
      { search: 'code0002', day: null },
    ])
    expect(screen.getByText('Showing 1 of 4 results')).toBeDefined()
    expect(statValues()[0]).toBe('Total Submissions1')
    // The match keeps its place in the whole day's ranking.
    expect(rowsOf(rankingOf(todayLabel)).map((row) => row.slice(0, 3))).toEqual([['#3', 'Alan Turing', 'CODE0002']])
    expect(pageReads().at(-1)).toEqual([localDateKey(today), 'code0002', 0])

    await search('nobody')
    expect(screen.getByText('No results match your search')).toBeDefined()
  })

  it('shows a ranked list for one chosen date, and says so when the date has no results any more', async () => {
    await renderPage()
    const key = localDateKey(yesterday)

    fireEvent.change(screen.getByRole('combobox', { name: 'Date' }), { target: { value: key } })
    await elapse()

    expect(screen.getByRole('heading', { name: `Ranking for ${formatDay(key)}` })).toBeDefined()
    expect(screen.queryByRole('heading', { name: 'Daily Analysis' })).toBeNull()
    expect(statValues()).toEqual(['Total Submissions1', 'Average Score20.0/50', 'Pass Rate0%', 'Students Passed0'])
    expect(rowsOf(rankingOf(formatDay(key)))[0]?.[1]).toBe('Edsger Dijkstra')

    stored = stored.filter((row) => dayOf(row) !== key)
    act(() => channels[0]?.listener.onChange())
    await elapse()
    expect(screen.getByText('No results found for the selected date')).toBeDefined()
    expect((screen.getByRole('combobox', { name: 'Date' }) as HTMLSelectElement).value).toBe(key)
  })

  it('says so when there are no submissions, and refuses to print nothing', async () => {
    stored = []
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    await renderPage()

    expect(screen.getByText('No test submissions yet')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Print Results' }))
    await elapse(1000)

    expect(alert).toHaveBeenCalledWith('No results to print')
    expect(print).not.toHaveBeenCalled()
  })

  it('reads the whole scope for the report, saying how far it has got, and prints half a second after it is ready', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    let finishToday: () => void = () => {}
    vi.mocked(loadAllDayResults).mockImplementation(async (filter, onRows) => {
      const rows = rankedDay(filter)
      onRows(rows.length)
      if (filter.day === localDateKey(today)) await new Promise<void>((resolve) => (finishToday = resolve))
      return answer(rows)
    })
    await renderPage()

    fireEvent.click(screen.getByRole('button', { name: 'Print Results' }))
    await elapse()
    expect(screen.getByText(/^Preparing report/).textContent).toBe('Preparing report… 3 of 4')
    expect(screen.queryByRole('region', { name: 'Printable results report' })).toBeNull()

    finishToday()
    await elapse(499)
    expect(vi.mocked(loadAllDayResults).mock.calls.map(([filter]) => filter)).toEqual([
      { day: localDateKey(today), search: '' },
      { day: localDateKey(yesterday), search: '' },
    ])
    expect(screen.queryByText(/^Preparing report/)).toBeNull()
    expect(print).not.toHaveBeenCalled()
    await elapse(1)
    expect(print).toHaveBeenCalledOnce()

    const report = screen.getByRole('region', { name: 'Printable results report' })
    expect(report.textContent).toContain('All Dates · Generated')
    expect(report.textContent).toContain('Total submissions: 4 · Average score: 35.0/50 · Pass rate: 75% · Students passed: 3')
    expect(report.textContent).toMatch(/CONFIDENTIAL/)
    const [firstDay, secondDay] = within(report).getAllByRole('table')
    expect(
      within(firstDay as HTMLElement)
        .getAllByRole('row')
        .slice(1)
        .map((row) => row.firstElementChild?.textContent),
    ).toEqual(['1', '1', '3'])
    expect(secondDay?.textContent).toContain('Edsger Dijkstra')

    // The report goes once the print dialog closes.
    act(() => window.dispatchEvent(new Event('afterprint')))
    expect(screen.queryByRole('region', { name: 'Printable results report' })).toBeNull()
  })

  it('refetches what is on screen when a submission arrives, keeping the search, and says it is live', async () => {
    await renderPage()
    const indicator = screen.getByRole('status', { name: 'Live updates' })
    expect(indicator.textContent).toBe('Connecting…')
    expect(channels.map((channel) => channel.tables)).toEqual([['submissions']])
    await search('grace')
    expect(screen.getByText('Showing 1 of 4 results')).toBeDefined()
    const readsBefore = pageReads().length

    stored = [submission('Grace Brewster', 40, today), ...stored]
    act(() => channels[0]?.listener.onStatus('SUBSCRIBED'))
    await elapse()

    expect(indicator.textContent).toBe('Live')
    expect(screen.getByText('Showing 2 of 5 results')).toBeDefined()
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('grace')
    expect(rowsOf(rankingOf(todayLabel)).map((row) => row[1])).toEqual(['Grace Hopper', 'Grace Brewster'])
    // The open day's page, and nothing of the closed one.
    expect(pageReads().slice(readsBefore)).toEqual([[localDateKey(today), 'grace', 0]])
  })

  it('shows a failed load in the red banner', async () => {
    vi.mocked(loadResultsSummary).mockResolvedValue({ ok: false, error: 'Failed to load submissions' })
    await renderPage()

    expect(screen.getByRole('alert').textContent).toBe('Failed to load submissions')
  })
})
