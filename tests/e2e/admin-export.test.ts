import { readFile } from 'node:fs/promises'
import Papa from 'papaparse'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { spreadsheetMoment } from '../../src/domain/results-csv.ts'
import { scaleSubmissions } from '../scale-submissions.ts'
import { appUrl, dataOf, pagePerFile, randomCode, service, signInAsAdmin } from './fixtures.ts'

/**
 * Issue 15, Export CSV in Chromium: 1,100 submissions of one day (more than a read returns) are
 * exported for the search and the date chosen, re-read with papaparse: a UTF-8 byte order mark,
 * every row once, the first page as the screen shows it, names a spreadsheet would run escaped,
 * the voided one flagged with its reason, and a column per question with the letter chosen.
 */

let page: Page
pagePerFile((opened) => {
  page = opened.page
})

const tag = `Export${randomCode()}`
const count = 1100
const twoDaysAgo = () => {
  const now = new Date()
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 2, 8)
}
/** Names a spreadsheet would run, and one with accents, for the first five. */
const namePrefixes = ['=HYPERLINK("http://x") ', '+SUM(1) ', '-2+3 ', '@cmd ', 'Zoë Ødegaard ']
const seeded = scaleSubmissions(tag, [{ from: twoDaysAgo(), hours: 10, count }]).map((row, i) => ({
  ...row,
  student_name: i < namePrefixes.length ? `${namePrefixes[i]}${tag}` : row.student_name,
  answers: { '1': 'ABCD'[i % 4] as string, '2': 'ABCD'[(i + 1) % 4] as string },
}))
const voided = seeded[5]
/** One the server submitted from its copy of a silent attempt's answers, saved at 09:41 that day. */
const fromServerCopy = seeded[8]
const serverCopySavedAt = new Date(twoDaysAgo().getTime() + 101 * 60_000).toISOString()

beforeAll(async () => {
  for (let first = 0; first < seeded.length; first += 500) {
    const batch = seeded.slice(first, first + 500).map((row) => ({
      ...row,
      answers_fingerprint: 'export',
      tab_switches: 1,
      started_at: row.submitted_at,
    }))
    dataOf(await service.from('submissions').insert(batch).select('id'))
  }
  dataOf(
    await service
      .from('submissions')
      .update({ voided_at: new Date().toISOString(), void_reason: '=Copied, "answers"' })
      .eq('id', voided?.id ?? '')
      .select('id'),
  )
  dataOf(
    await service
      .from('submissions')
      .update({ from_server_copy: true, server_copy_saved_at: serverCopySavedAt })
      .eq('id', fromServerCopy?.id ?? '')
      .select('id'),
  )
  await signInAsAdmin(page)
}, 120_000)

afterAll(async () => {
  dataOf(await service.from('submissions').delete().like('student_name', `%${tag}%`).select('id'))
})

async function exportCsv(): Promise<Buffer> {
  const download = page.waitForEvent('download')
  await page.getByRole('button', { name: 'Export CSV' }).click()
  const saved = await (await download).path()
  return readFile(saved)
}

describe('Export CSV', () => {
  it('exports every submission of the search and the date, as the screen shows them, formulas escaped', async () => {
    await page.goto(`${appUrl}/admin/results`)
    await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag)
    await page.getByText(new RegExp(`^Showing ${count - 1} of \\d+ results$`)).waitFor()
    const dayKey = new Date(twoDaysAgo().getTime()).toLocaleDateString('en-CA')
    await page.getByRole('combobox', { name: 'Date' }).selectOption(dayKey)
    await page.getByRole('heading', { name: /^Ranking for / }).waitFor()
    await page.getByRole('row').filter({ hasText: tag }).first().waitFor()
    await page.getByLabel('One column per question').check()

    const bytes = await exportCsv()
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const parsed = Papa.parse<Record<string, string>>(bytes.toString('utf8').slice(1), { header: true, skipEmptyLines: true })
    expect(parsed.errors).toEqual([])
    const rows = parsed.data
    expect(rows).toHaveLength(count)
    expect(new Set(rows.map((row) => row['Login code'])).size).toBe(count)
    expect(parsed.meta.fields?.slice(-2)).toEqual(['Q1', 'Q2'])

    // The first page of the screen, row by row, once all of it is shown.
    const tagged = page.getByRole('row').filter({ hasText: tag })
    await expect.poll(() => tagged.count()).toBe(100)
    const screen = await tagged.evaluateAll((trs) =>
      trs.map((tr) => [...tr.querySelectorAll('td, th')].map((cell) => cell.textContent ?? '')),
    )
    for (const [index, cells] of screen.entries()) {
      const row = rows[index] as Record<string, string>
      const [rank, , code, , score, percentage, , , rating] = cells
      expect([`#${row.Rank}`, row['Login code'], `${row.Score}/${row['Out of']}`, `${row.Percentage}%`, row.Rating]).toEqual([
        rank,
        code,
        score,
        percentage,
        rating,
      ])
      expect(cells[1]?.startsWith(row.Name?.replace(/^'/, '') ?? '')).toBe(true)
    }

    const byCode = new Map(rows.map((row) => [row['Login code'], row]))
    const exported = (i: number) => byCode.get(seeded[i]?.login_code ?? '') as Record<string, string>
    expect([0, 1, 2, 3].map((i) => exported(i).Name)).toEqual([
      `'=HYPERLINK("http://x") ${tag}`,
      `'+SUM(1) ${tag}`,
      `'-2+3 ${tag}`,
      `'@cmd ${tag}`,
    ])
    expect(exported(4).Name).toBe(`Zoë Ødegaard ${tag}`)
    expect(exported(5)).toMatchObject({ Rank: '', Voided: 'yes', 'Void reason': `'=Copied, "answers"` })
    expect(rows.at(-1)?.['Login code']).toBe(voided?.login_code)
    expect([exported(6).Q1, exported(6).Q2]).toEqual(['C', 'D'])
    expect(exported(7)).toMatchObject({
      'Tab switches': '1',
      'Extra minutes': '0',
      'Arrived late': '',
      'Recovered from file': '',
      'Submitted from server copy': 'no',
      'Server copy saved at': '',
    })
    // In the administrator's time zone, which the browser and this test share.
    expect(exported(8)).toMatchObject({
      'Submitted from server copy': 'yes',
      'Server copy saved at': spreadsheetMoment(serverCopySavedAt),
    })
  }, 120_000)
})
