import type { SupabaseClient } from '@supabase/supabase-js'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { passMarkPercent, scorePercentage } from '../../src/domain/score.ts'
import type { Database } from '../../src/lib/api/database.types.ts'
import { everySubmission, rankedByScore, scaleSubmissions, type ScaleSubmission } from '../scale-submissions.ts'
import { adminClient, nonAdminClient, serviceClient } from './clients.ts'
import { must, randomCode, submissionRow, succeeded } from './exam-data.ts'

/**
 * Test Results at school scale, through supabase-js as the administrator: 1,500 submissions
 * over three days, one of them longer than a read (max_rows, 1,000), counted, grouped and ranked
 * by SQL exactly as a direct computation over the rows themselves.
 */

const timeZone = 'America/New_York'
/**
 * Three local days around the start of daylight saving time in New York (the 9th has 23 hours),
 * long before any other test's submissions, each filled from its very first instant (in UTC) to
 * its end, so that its edges are tried too.
 */
const seededDays = [
  { day: '2025-03-08', from: new Date('2025-03-08T05:00:00Z'), hours: 24, count: 200 },
  { day: '2025-03-09', from: new Date('2025-03-09T05:00:00Z'), hours: 23, count: 1100 },
  { day: '2025-03-10', from: new Date('2025-03-10T04:00:00Z'), hours: 24, count: 200 },
] as const
/** In every seeded name, so that a search finds the seeded submissions and nothing else. */
const tag = `Scale ${randomCode()}`
const insertBatch = 500
const pageSize = 100

type Client = SupabaseClient<Database>
type DayRow = Database['public']['Functions']['admin_day_results']['Returns'][number]
/** admin_results_summary's jsonb (migration 20261124000200_read_admin_screens_in_sql.sql). */
interface Summary {
  all_total: number
  total: number
  score_sum: number
  question_sum: number
  passed: number
  /** Voided submissions, counted in nothing else (migration 20261124002010): none here. */
  voided: number
  days: { day: string; total: number; score_sum: number; question_sum: number; passed: number; voided: number }[]
  day_choices: string[]
}

const service = serviceClient()
let admin: Client
const seeded = scaleSubmissions(tag, seededDays)
/** One student of the long day, whom the searches look for. */
const searchedStudent = seeded[1234] as ScaleSubmission

/** A local day of `timeZone`, as YYYY-MM-DD, computed here rather than by SQL. */
const localDay = (instant: string) => new Intl.DateTimeFormat('en-CA', { timeZone }).format(new Date(instant))
type Scored = { score: number; question_count: number }
const passes = (row: Scored) => scorePercentage(row.score, row.question_count) >= passMarkPercent

function tallyOf(rows: readonly Scored[]) {
  return {
    total: rows.length,
    score_sum: rows.reduce((sum, row) => sum + row.score, 0),
    question_sum: rows.reduce((sum, row) => sum + row.question_count, 0),
    passed: rows.filter(passes).length,
    voided: 0,
  }
}

const onDay = (day: string) => (row: { submitted_at: string }) => localDay(row.submitted_at) === day

/** Rows grouped by local day, newest day first, each day's tally. */
function daysOf(rows: readonly (Scored & { submitted_at: string })[]) {
  const days = [...new Set(rows.map((row) => localDay(row.submitted_at)))].sort().reverse()
  return days.map((day) => ({ day, ...tallyOf(rows.filter(onDay(day))) }))
}

async function summary(client: Client, search = '', day?: string): Promise<Summary> {
  return must(await client.rpc('admin_results_summary', { time_zone: timeZone, search, day })) as unknown as Summary
}

/** Every row of a day's ranking, `pageSize` at a time, checking each page's count. */
async function pagedDay(day: string, search = ''): Promise<DayRow[]> {
  const rows: DayRow[] = []
  let total: number | null = null
  do {
    const page = await admin
      .rpc('admin_day_results', { time_zone: timeZone, day, search }, { count: 'exact' })
      .range(rows.length, rows.length + pageSize - 1)
    rows.push(...must(page))
    total ??= page.count
    expect(page.count).toBe(total)
    expect(page.data?.length).toBeGreaterThan(0)
  } while (rows.length < (total ?? 0))
  return rows
}

function bandsOf(rows: readonly Scored[]): number[] {
  const bands = Array.from({ length: 10 }, () => 0)
  for (const { score, question_count } of rows) {
    const band = Math.min(9, Math.floor(scorePercentage(score, question_count) / 10))
    bands[band] = (bands[band] ?? 0) + 1
  }
  return bands
}

async function scoreBands(client: Client, day: string, search = ''): Promise<number[]> {
  const rows = must(await client.rpc('admin_day_score_bands', { time_zone: timeZone, day, search }))
  expect(rows.map((row) => row.band)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
  return rows.map((row) => row.submissions)
}

beforeAll(async () => {
  for (let first = 0; first < seeded.length; first += insertBatch) {
    const batch = seeded.slice(first, first + insertBatch)
    succeeded(
      await service
        .from('submissions')
        .insert(batch.map((row) => submissionRow(row.login_code, { ...row, started_at: row.submitted_at }))),
    )
  }
  admin = await adminClient()
}, 120_000)

afterAll(async () => {
  succeeded(await service.from('submissions').delete().like('student_name', `${tag} %`))
  expect(must(await service.from('submissions').select('id').like('student_name', `${tag} %`))).toEqual([])
})

describe('admin_results_summary', () => {
  it('counts, sums and passes every submission by local day, as the rows themselves do, past max_rows', async () => {
    const rows = await everySubmission(service)
    expect(rows.length).toBeGreaterThan(1000)
    const days = daysOf(rows)

    expect(await summary(admin)).toEqual({
      all_total: rows.length,
      ...tallyOf(rows),
      days,
      day_choices: days.map((group) => group.day),
    })
  })

  it('groups the seeded submissions into their three local days, the edges of each included', async () => {
    expect(seededDays.map(({ day }) => day)).toEqual([...new Set(seeded.map((row) => localDay(row.submitted_at)))])
    const searched = await summary(admin, tag)

    expect(searched).toMatchObject({ ...tallyOf(seeded), days: daysOf(seeded) })
    expect(daysOf(seeded).map(({ day, total }) => [day, total])).toEqual(
      [...seededDays].reverse().map(({ day, count }) => [day, count]),
    )
  })

  it('narrows to one day, keeping every day as a choice', async () => {
    const [, longDay] = seededDays
    const dayRows = seeded.filter(onDay(longDay.day))
    const all = await summary(admin)

    const chosen = await summary(admin, '', longDay.day)

    expect(chosen).toMatchObject({
      all_total: all.all_total,
      ...tallyOf(dayRows),
      days: [{ day: longDay.day, ...tallyOf(dayRows) }],
    })
    expect(chosen.day_choices).toEqual(all.day_choices)
  })

  it('searches names and codes anywhere, in any case, and takes the search text literally', async () => {
    const day = localDay(searchedStudent.submitted_at)

    expect(await summary(admin, tag.toUpperCase())).toMatchObject({ total: seeded.length })
    expect(await summary(admin, ` ${searchedStudent.login_code.slice(1).toLowerCase()} `)).toMatchObject({
      ...tallyOf([searchedStudent]),
      days: [{ day, ...tallyOf([searchedStudent]) }],
    })
    expect(await summary(admin, `${tag.slice(0, 4)}%Student`)).toMatchObject({ total: 0, days: [] })
  })
})

describe('admin_day_results', () => {
  it.each(seededDays.map(({ day }) => [day]))('pages through every row of %s, ranked by score as the rows are', async (day) => {
    const dayRows = seeded.filter(onDay(day))

    const paged = await pagedDay(day)

    expect(paged.map(({ id, rank }) => ({ id, rank }))).toEqual(rankedByScore(dayRows).map(({ id, rank }) => ({ id, rank })))
    expect(paged.map((row) => row.display_order)).toEqual(dayRows.map((_, index) => index + 1))
    expect(paged.every((row) => row.extra_minutes === 0 && row.student_name.startsWith(tag))).toBe(true)
  })

  it('answers a day longer than max_rows a read at a time', async () => {
    const [, longDay] = seededDays
    const read = await admin
      .rpc('admin_day_results', { time_zone: timeZone, day: longDay.day }, { count: 'exact' })
      .range(0, longDay.count - 1)

    expect([must(read).length, read.count]).toEqual([1000, longDay.count])
  })

  it("finds one student with the rank held in the whole day's ranking", async () => {
    const { id, student_name, submitted_at } = searchedStudent
    const day = localDay(submitted_at)
    const { rank } = rankedByScore(seeded.filter(onDay(day))).find((row) => row.id === id) ?? {}

    const found = await pagedDay(day, student_name.slice(tag.length).toUpperCase())

    expect(found.map((row) => ({ id: row.id, rank: row.rank }))).toEqual([{ id, rank }])
  })
})

describe('admin_day_score_bands', () => {
  it("counts a day's percentages in 10 % bands, for a search too", async () => {
    for (const { day } of seededDays) {
      const dayRows = seeded.filter(onDay(day))
      expect(await scoreBands(admin, day)).toEqual(bandsOf(dayRows))
    }
    const [, longDay] = seededDays
    const search = `Student 1-1`
    const matching = seeded.filter((row) => onDay(longDay.day)(row) && row.student_name.includes(search))
    expect(matching.length).toBeGreaterThan(100)
    expect(await scoreBands(admin, longDay.day, search)).toEqual(bandsOf(matching))
  })

  it('counts nothing for a signed-in user who is not an administrator', async () => {
    expect(await scoreBands(await nonAdminClient(), seededDays[0].day)).toEqual(bandsOf([]))
  })
})
