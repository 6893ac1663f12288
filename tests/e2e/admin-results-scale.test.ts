import type { Page, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAverageScore, resultsStats } from '../../src/domain/results-analytics.ts'
import { passMarkPercent, scorePercentage } from '../../src/domain/score.ts'
import { everySubmission, rankedByScore, scaleSubmissions, type ScaleSubmission } from '../scale-submissions.ts'
import {
  appUrl,
  dataOf,
  pagePerFile,
  printRequests,
  randomCode,
  recordPrintRequests,
  service,
  signInAsAdmin,
} from './fixtures.ts'

/**
 * Test Results with a school's worth of submissions (3,000 over three days, three times what one
 * read returns): the screen shows the right figures from a small summary, pages a day to its last
 * row, finds one student and prints every row of its scope.
 */

let page: Page
pagePerFile((opened) => {
  page = opened.page
})

/** In every seeded name, so that a search finds the seeded submissions and nothing else. */
const tag = `Scale ${randomCode()}`
const daysBack = [1, 2, 3]
const perDay = 1000
const pageSize = 100

/** 1,000 submissions on each of the three days before today, from 08:00 to 20:00 local time. */
const seeded = scaleSubmissions(
  tag,
  daysBack.map((back) => {
    const now = new Date()
    return { from: new Date(now.getFullYear(), now.getMonth(), now.getDate() - back, 8), hours: 12, count: perDay }
  }),
)

/** Whether a submission was made `back` days before today (local time). */
const submittedDaysBack = (row: ScaleSubmission, back: number) => {
  const day = new Date()
  day.setDate(day.getDate() - back)
  return new Date(row.submitted_at).toDateString() === day.toDateString()
}

beforeAll(async () => {
  await recordPrintRequests(page)
  for (let first = 0; first < seeded.length; first += 500) {
    const batch = seeded.slice(first, first + 500).map((row) => ({
      ...row,
      answers: {},
      answers_fingerprint: 'scale',
      tab_switches: 0,
      started_at: row.submitted_at,
    }))
    dataOf(await service.from('submissions').insert(batch).select('id'))
  }
  await signInAsAdmin(page)
}, 120_000)

afterAll(async () => {
  dataOf(await service.from('submissions').delete().like('student_name', `${tag} %`).select('id'))
})

/** The day as the screen names it ("Monday, 23 November 2026" in the browser's locale). */
function dayLabel(back: number): Promise<string> {
  return page.evaluate((back) => {
    const now = new Date()
    return new Date(now.getFullYear(), now.getMonth(), now.getDate() - back).toLocaleDateString(undefined, {
      weekday: 'long',
      year: 'numeric',
      month: 'long',
      day: 'numeric',
    })
  }, back)
}

const card = (label: string) =>
  page.getByRole('list', { name: 'Result statistics' }).getByRole('listitem').filter({ hasText: label })

async function searchFor(text: string, count: number) {
  await page.getByRole('searchbox', { name: 'Search' }).fill(text)
  await page.getByText(new RegExp(`^Showing ${count} of \\d+ results?$`)).waitFor()
}

describe('Test Results with 3,000 submissions', () => {
  it('shows the right figures, having moved less than 300 KB of data before the Daily Analysis', async () => {
    const rows = await everySubmission(service)
    const scores = rows.map((row) => row.score)
    const passed = rows.filter((row) => scorePercentage(row.score, row.question_count) >= passMarkPercent).length
    // Out of the mean number of questions served (a fifth of the seeded exams are 25 questions).
    const questionSum = rows.reduce((sum, row) => sum + row.question_count, 0)
    const scoreSum = scores.reduce((sum, score) => sum + score, 0)
    const average = formatAverageScore(resultsStats({ total: scores.length, scoreSum, questionSum, passed }))
    const apiResponses: Response[] = []
    const recordApiResponse = (response: Response) => {
      if (/\/(rest|auth)\/v1\//.test(response.url())) apiResponses.push(response)
    }

    page.on('response', recordApiResponse)
    await page.goto(`${appUrl}/admin/results`)
    await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
    page.off('response', recordApiResponse)

    const bodies = await Promise.all(apiResponses.map((response) => response.body()))
    const moved = bodies.reduce((sum, body) => sum + body.length, 0)
    expect(moved).toBeLessThan(300_000)
    expect(scores.length).toBeGreaterThanOrEqual(seeded.length)
    await card('Total Submissions').getByText(String(scores.length), { exact: true }).waitFor()
    await card('Average Score').getByText(average, { exact: true }).waitFor()
    await card('Pass Rate')
      .getByText(`${scorePercentage(passed, scores.length)}%`, { exact: true })
      .waitFor()
    await card('Students Passed').getByText(String(passed), { exact: true }).waitFor()
    await page.getByText(`Showing ${scores.length} of ${scores.length} results`, { exact: true }).waitFor()
  })

  it('opens a day and pages, with the keyboard, to its last row', async () => {
    const label = await dayLabel(2)
    const ranked = rankedByScore(seeded.filter((row) => submittedDaysBack(row, 2)))
    expect(ranked).toHaveLength(perDay)
    const toggle = page.getByRole('button', { name: label })
    await expect.poll(() => toggle.getAttribute('aria-expanded')).toBe('false')

    await toggle.press('Enter')
    const pager = page.getByRole('navigation', { name: `Pages of results of ${label}` })
    await pager.getByText(`1–${pageSize} of ${perDay}`, { exact: true }).waitFor()
    for (let first = pageSize; first < perDay; first += pageSize) {
      await pager.getByRole('button', { name: 'Next page' }).press('Enter')
      await pager.getByText(`${first + 1}–${first + pageSize} of ${perDay}`, { exact: true }).waitFor()
    }

    await expect.poll(() => pager.getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled')).toBe('true')
    const rows = page.getByRole('table', { name: `Results of ${label}, ranked by score` }).locator('tbody tr')
    const last = ranked.at(-1) as ScaleSubmission & { rank: number }
    await expect
      .poll(async () => (await rows.last().locator('td, th').allInnerTexts()).slice(0, 3))
      .toEqual([`#${last.rank}`, last.student_name, last.login_code])
    await expect.poll(() => rows.count()).toBe(pageSize)
  })

  it('finds one student by login code', async () => {
    // On a day whose group no other test opens.
    const student = seeded[2345] as ScaleSubmission
    const back = daysBack.find((days) => submittedDaysBack(student, days)) as number
    const { rank } =
      rankedByScore(seeded.filter((row) => submittedDaysBack(row, back))).find((row) => row.id === student.id) ?? {}

    await searchFor(student.login_code.toLowerCase(), 1)
    const label = await dayLabel(back)
    await page.getByRole('button', { name: label }).click()

    const row = page.getByRole('table', { name: `Results of ${label}, ranked by score` }).locator('tbody tr')
    await row.getByText(student.login_code, { exact: true }).waitFor()
    await expect
      .poll(async () => (await row.locator('td, th').allInnerTexts()).slice(0, 3))
      .toEqual([`#${rank}`, student.student_name, student.login_code])
  })

  it('prints every row of the scope, saying how far the report has got', async () => {
    await searchFor(tag, seeded.length)
    // Every text the progress line shows, however briefly.
    await page.evaluate(() => {
      const progress = document.querySelector('.results-print-progress') as HTMLElement
      const shown: string[] = []
      new MutationObserver(() => shown.push(progress.textContent ?? '')).observe(progress, {
        childList: true,
        characterData: true,
        subtree: true,
      })
      Object.assign(window, { progressShown: shown })
    })

    await page.getByRole('button', { name: 'Print Results' }).click()
    await expect.poll(() => printRequests(page)).toBe(1)

    const shown = await page.evaluate(() => (window as unknown as { progressShown: string[] }).progressShown)
    expect(shown).toContain(`Preparing report… 0 of ${seeded.length}`)
    expect(shown.at(-1)).toBe('')
    // Shown by the print stylesheet only, so read as text.
    const report = page.locator('.results-print-report')
    await expect
      .poll(() => report.locator('p').first().textContent())
      .toMatch(new RegExp(`^All Dates, search "${tag}" · Generated`))
    await expect
      .poll(async () => (await report.locator('tbody tr td:nth-child(3)').allTextContents()).toSorted())
      .toEqual(seeded.map((row) => row.login_code).toSorted())
  })
})
