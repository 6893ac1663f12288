import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { MemoryRouter } from 'react-router-dom'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fakeTableChanges, type FakeChannel } from '../../../../tests/unit/fake-table-changes'
import { localDateKey } from '../../../domain/results-analytics'
import { listSubmissions, type SubmissionResult } from '../../../lib/admin-submissions'
import { watchTableChanges } from '../../../lib/table-changes'
import { formatDay } from '../components/format'
import { TestResultsPage } from './test-results-page'

vi.mock('../../../lib/admin-submissions', () => ({ listSubmissions: vi.fn() }))
vi.mock('../../../lib/table-changes', () => ({ watchTableChanges: vi.fn() }))
vi.mock('../../../lib/supabase', () => ({ getSupabase: vi.fn() }))

// Midday, so that "today" cannot roll over while a test runs.
const today = new Date(2026, 10, 23, 12, 0)
const yesterday = new Date(2026, 10, 22, 12, 0)
let serial = 0

function submission(name: string, score: number, at: Date, changes: Partial<SubmissionResult> = {}): SubmissionResult {
  serial++
  return {
    id: `s-${serial}`,
    student_name: name,
    login_code: `CODE${String(serial).padStart(4, '0')}`,
    score,
    tab_switches: 0,
    time_taken: 754,
    started_at: at.toISOString(),
    submitted_at: at.toISOString(),
    received_at: at.toISOString(),
    answers_fingerprint: `fp${String(serial).padStart(10, '0')}`,
    recovered_from_file: false,
    arrived_late: false,
    extra_minutes: 0,
    ...changes,
  }
}

let submissions: SubmissionResult[]
let channels: FakeChannel[]

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: today })
  serial = 0
  submissions = [
    submission('Ada Lovelace', 45, today, { tab_switches: 6 }),
    submission('Alan Turing', 30, today, { tab_switches: 3 }),
    submission('Grace Hopper', 45, today, { tab_switches: 2 }),
    submission('Edsger Dijkstra', 20, yesterday),
  ]
  vi.mocked(listSubmissions).mockImplementation(async () => ({ ok: true, data: submissions }))
  channels = fakeTableChanges(watchTableChanges)
})

afterEach(() => {
  vi.useRealTimers()
  vi.restoreAllMocks()
})

async function renderPage() {
  render(
    <MemoryRouter>
      <TestResultsPage />
    </MemoryRouter>,
  )
  // The figures show a dash until the submissions have loaded ("Showing 0 of 0" is there before).
  await waitFor(() => expect(statValues()[0]).not.toContain('—'))
}

const statValues = () =>
  within(screen.getByRole('list', { name: 'Result statistics' }))
    .getAllByRole('listitem')
    .map((item) => item.textContent)

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [...row.querySelectorAll('td, th')].slice(0, 9).map((cell) => cell.textContent))

describe('TestResultsPage', () => {
  it('shows the figures out of 50 with the pass rate at 60 %', async () => {
    await renderPage()

    expect(statValues()).toEqual(['Total Submissions4', 'Average Score35.0/50', 'Pass Rate75%', 'Students Passed3'])
    expect(screen.getByText('Showing 4 of 4 results')).toBeDefined()
  })

  it("groups by day with today's group expanded and badged, ranked by score with ties", async () => {
    await renderPage()

    const todayToggle = screen.getByRole('button', { name: new RegExp(`^${formatDay(localDateKey(today))}`) })
    expect(todayToggle.getAttribute('aria-expanded')).toBe('true')
    expect(todayToggle.textContent).toContain('Today')
    expect(todayToggle.textContent).toContain('3 students · Average 40.0/50 · Pass rate 100%')
    const table = screen.getByRole('table', { name: `Results of ${formatDay(localDateKey(today))}, ranked by score` })
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
  })

  it('marks extra time, a submission recovered from a file and one that arrived late, on screen and in the printed report', async () => {
    submissions = [
      submission('Ada Lovelace', 45, today, { extra_minutes: 15 }),
      submission('Alan Turing', 30, today, { recovered_from_file: true }),
      submission('Grace Hopper', 20, today),
      submission('Edsger Dijkstra', 10, today, { arrived_late: true, recovered_from_file: true }),
      submission('Barbara Liskov', 5, today, { arrived_late: true }),
    ]
    await renderPage()

    const table = screen.getByRole('table', { name: `Results of ${formatDay(localDateKey(today))}, ranked by score` })
    const [ada, alan, grace, edsger, barbara] = rowsOf(table)
    expect([ada?.[1], ada?.[7]]).toEqual(['Ada Lovelace', '12:34+15 min extra time'])
    expect([alan?.[1], alan?.[7]]).toEqual(['Alan TuringRecovered from file', '12:34'])
    expect([grace?.[1], grace?.[7]]).toEqual(['Grace Hopper', '12:34'])
    expect([edsger?.[1], barbara?.[1]]).toEqual(['Edsger DijkstraRecovered from fileArrived late', 'Barbara LiskovArrived late'])
    const badges = (name: RegExp) =>
      [...within(table).getByRole('rowheader', { name }).querySelectorAll('.admin-badge--purple')].map(
        (badge) => badge.textContent,
      )
    expect(badges(/Alan Turing/)).toEqual(['Recovered from file'])
    expect(badges(/Edsger Dijkstra/)).toEqual(['Recovered from file', 'Arrived late'])
    expect(badges(/Barbara Liskov/)).toEqual(['Arrived late'])
    expect(badges(/Grace Hopper/)).toEqual([])

    const report = document.querySelector('.results-print-report table') as HTMLElement
    expect([...report.querySelectorAll('tbody tr')].map((row) => row.lastElementChild?.textContent)).toEqual([
      '+15 min extra time',
      'Recovered from file',
      '',
      'Recovered from file; Arrived late',
      'Arrived late',
    ])
  })

  it('keeps other days collapsed until opened', async () => {
    await renderPage()
    const label = formatDay(localDateKey(yesterday))
    const toggle = screen.getByRole('button', { name: new RegExp(`^${label}`) })
    expect(toggle.getAttribute('aria-expanded')).toBe('false')
    expect(screen.queryByRole('table', { name: `Results of ${label}, ranked by score` })).toBeNull()

    fireEvent.click(toggle)

    const table = screen.getByRole('table', { name: `Results of ${label}, ranked by score` })
    expect(rowsOf(table)[0]?.slice(0, 2)).toEqual(['#1', 'Edsger Dijkstra'])
    expect(rowsOf(table)[0]?.[8]).toBe('Needs Improvement')
  })

  it('searches by name or code and counts what it shows', async () => {
    await renderPage()

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'code0002' } })
    expect(screen.getByText('Showing 1 of 4 results')).toBeDefined()
    expect(statValues()[0]).toBe('Total Submissions1')

    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'nobody' } })
    expect(screen.getByText('No results match your search')).toBeDefined()
  })

  it('shows a ranked list for one chosen date', async () => {
    await renderPage()
    const key = localDateKey(yesterday)

    fireEvent.change(screen.getByRole('combobox', { name: 'Date' }), { target: { value: key } })

    expect(screen.getByRole('heading', { name: `Ranking for ${formatDay(key)}` })).toBeDefined()
    expect(screen.queryByRole('heading', { name: 'Daily Analysis' })).toBeNull()
    expect(statValues()).toEqual(['Total Submissions1', 'Average Score20.0/50', 'Pass Rate0%', 'Students Passed0'])
  })

  it('says so when there are no submissions, and refuses to print nothing', async () => {
    submissions = []
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {})
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    await renderPage()

    expect(screen.getByText('No test submissions yet')).toBeDefined()
    fireEvent.click(screen.getByRole('button', { name: 'Print Results' }))

    expect(alert).toHaveBeenCalledWith('No results to print')
    expect(print).not.toHaveBeenCalled()
  })

  it('prints half a second after Print Results, with a report ranked by score and a confidential footer', async () => {
    const print = vi.spyOn(window, 'print').mockImplementation(() => {})
    await renderPage()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })

    fireEvent.click(screen.getByRole('button', { name: 'Print Results' }))
    act(() => vi.advanceTimersByTime(499))
    expect(print).not.toHaveBeenCalled()
    act(() => vi.advanceTimersByTime(1))
    expect(print).toHaveBeenCalledOnce()

    const report = document.querySelector('.results-print-report') as HTMLElement
    expect(report.textContent).toContain('Total submissions: 4 · Average score: 35.0/50 · Pass rate: 75% · Students passed: 3')
    expect(report.textContent).toMatch(/CONFIDENTIAL/)
    const firstDay = report.querySelector('table') as HTMLElement
    expect([...firstDay.querySelectorAll('tbody tr')].map((row) => row.firstElementChild?.textContent)).toEqual(['1', '1', '3'])
  })

  it('shows a submission that arrives while it is open, keeping the search, and says it is live', async () => {
    await renderPage()
    const indicator = screen.getByRole('status', { name: 'Live updates' })
    expect(indicator.textContent).toBe('Connecting…')
    expect(channels.map((channel) => channel.tables)).toEqual([['submissions']])
    fireEvent.change(screen.getByRole('searchbox', { name: 'Search' }), { target: { value: 'grace' } })
    expect(screen.getByText('Showing 1 of 4 results')).toBeDefined()

    submissions = [submission('Grace Brewster', 40, today), ...submissions]
    act(() => channels[0]?.listener.onStatus('SUBSCRIBED'))

    expect(indicator.textContent).toBe('Live')
    expect(await screen.findByText('Showing 2 of 5 results')).toBeDefined()
    expect((screen.getByRole('searchbox', { name: 'Search' }) as HTMLInputElement).value).toBe('grace')
  })

  it('shows a failed load in the red banner', async () => {
    vi.mocked(listSubmissions).mockResolvedValue({ ok: false, error: 'Failed to load submissions' })
    render(
      <MemoryRouter>
        <TestResultsPage />
      </MemoryRouter>,
    )

    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load submissions')
  })
})
