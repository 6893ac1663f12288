import type { Page } from 'playwright-core'
import { answersOf, itemAnalysisAnswers, itemAnalysisQuestions } from '../item-analysis-exam.ts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  appUrl,
  createLoginCode,
  dataOf,
  deleteLoginCodes,
  followAdminMenu,
  keepSharedData,
  pagePerFile,
  printRequests,
  recordPrintRequests,
  replaceQuestionBank,
  service,
  signInAsAdmin,
  submitExam,
} from './fixtures.ts'

/**
 * Issue 15, item analysis in Chromium: six students' submissions of a six-question exam on a day
 * of their own, the questions deleted afterwards as the clean-up would, and the table's figures
 * against the same exam computed by hand (see tests/integration/item-analysis.test.ts).
 */

keepSharedData()
let page: Page
pagePerFile((opened) => {
  page = opened.page
})
const day = '2024-05-05'
const codes: string[] = []

beforeAll(async () => {
  await recordPrintRequests(page)
  await replaceQuestionBank(itemAnalysisQuestions())
  for (const [student, letters] of itemAnalysisAnswers.entries()) {
    const code = await createLoginCode()
    codes.push(code)
    await submitExam(code, `Item Student ${student}`, answersOf(letters))
  }
  dataOf(
    await service
      .from('submissions')
      .update({ submitted_at: `${day}T12:00:00Z`, started_at: `${day}T11:40:00Z` })
      .in('login_code', codes)
      .select('id'),
  )
  await replaceQuestionBank([])
  await signInAsAdmin(page)
})

afterAll(async () => {
  await deleteLoginCodes(codes)
})

describe('Item Analysis', () => {
  it("shows a day's figures per question and for the exam, as computed by hand, and prints", async () => {
    await page.goto(`${appUrl}/admin/results`)
    await followAdminMenu(page, 'Item Analysis')
    await page.getByRole('heading', { level: 1, name: 'Item Analysis' }).waitFor()
    await page.getByLabel('Day', { exact: true }).fill(day)
    const table = page.getByRole('region', { name: 'Questions' })
    await table.getByRole('row', { name: /^Q6/ }).waitFor()

    await expect
      .poll(() => page.getByRole('list', { name: 'Exam statistics' }).getByRole('listitem').allInnerTexts())
      .toEqual(['Students\n6', 'Questions\n6', 'Mean score\n3.00', 'Standard deviation\n0.82', 'KR-20 reliability\n-0.50'])
    const rows = () =>
      table
        .locator('tbody tr')
        .evaluateAll((trs) =>
          trs.map((tr) =>
            [...tr.querySelectorAll('th, td')].map(
              (cell) => cell.querySelector('svg')?.getAttribute('aria-label') ?? cell.textContent,
            ),
          ),
        )
    await expect.poll(rows).toEqual([
      ['Q1', 'A', '6', '0.50', '1.00', '0.82', 'A: 3 (correct), B: 2, C: 1, D: 0, Blank: 0', 'An option nobody chose'],
      ['Q2', 'B', '6', '0.67', '1.00', '0.87', 'A: 1, B: 4 (correct), C: 1, D: 0, Blank: 0', 'An option nobody chose'],
      ['Q3', 'C', '6', '0.50', '1.00', '0.82', 'A: 3, B: 0, C: 3 (correct), D: 0, Blank: 0', 'An option nobody chose'],
      [
        'Q4',
        'D',
        '6',
        '0.33',
        '-1.00',
        '-0.87',
        'A: 3, B: 1, C: 0, D: 2 (correct), Blank: 0',
        'Discriminates negativelyAn option nobody chose',
      ],
      [
        'Q5',
        'A',
        '6',
        '1.00',
        '0.00',
        '—',
        'A: 6 (correct), B: 0, C: 0, D: 0, Blank: 0',
        'Too easy (over 95 % correct)An option nobody chose',
      ],
      [
        'Q6',
        'B',
        '6',
        '0.00',
        '0.00',
        '—',
        'A: 0, B: 0 (correct), C: 6, D: 0, Blank: 0',
        'Too hard (under 20 % correct)An option nobody chose',
      ],
    ])

    await page.getByRole('button', { name: 'Print' }).click()
    await expect.poll(() => printRequests(page)).toBe(1)
  })
})
