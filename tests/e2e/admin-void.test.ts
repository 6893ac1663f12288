import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  answerKey,
  appUrl,
  createLoginCode,
  dataOf,
  deleteLoginCodes,
  expectAccessible,
  pagePerFile,
  phone,
  randomCode,
  recordPrintRequests,
  service,
  signInAsAdmin,
  submitExam,
  waitForText,
  wrongAnswer,
} from './fixtures.ts'

/**
 * Issue 15, voiding a submission in Chromium: the reason is required, the voided submission
 * leaves every figure and the ranking of Test Results and shows "Voided" with its reason (also on
 * the printed report), its student reads that the result was withdrawn, its code stays used,
 * and Restore counts it again.
 */

let page: Page
let browser: Browser
pagePerFile((opened) => {
  page = opened.page
  browser = opened.browser
})
const tag = `Void${randomCode()}`
const codes: string[] = []
/** Right answers of 50: 45 (90 %), 35 (70 %), 20 (40 %). */
const students = [
  { name: `${tag} Ada`, right: 45 },
  { name: `${tag} Alan`, right: 35 },
  { name: `${tag} Grace`, right: 20 },
]

beforeAll(async () => {
  await recordPrintRequests(page)
  const key = await answerKey()
  for (const student of students) {
    const code = await createLoginCode()
    codes.push(code)
    const answers = Object.fromEntries(
      [...key].map(([number, correct]) => [String(number), number <= student.right ? correct : wrongAnswer(correct)]),
    )
    expect((await submitExam(code, student.name, answers)).score).toBe(student.right)
  }
  // Someone the search leaves out, so that "Showing 3 of …" is the search's answer.
  const other = await createLoginCode()
  codes.push(other)
  await submitExam(other, 'Someone Else', { '1': 'A' })
  await signInAsAdmin(page)
})

afterAll(async () => {
  await deleteLoginCodes(codes)
})

function card(label: string) {
  return page.getByRole('list', { name: 'Result statistics' }).getByRole('listitem').filter({ hasText: label })
}

async function figures() {
  return {
    total: await card('Total Submissions').innerText(),
    average: await card('Average Score').innerText(),
    passRate: await card('Pass Rate').innerText(),
    passed: await card('Students Passed').innerText(),
  }
}

function row(name: string) {
  return page.getByRole('row').filter({ hasText: name })
}

describe('Void a submission', () => {
  it('asks a reason, takes the submission out of every figure and the ranking, shows why, and restores it', async () => {
    await page.goto(`${appUrl}/admin/results`)
    await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search' }).fill(tag)
    await page.getByText(/^Showing 3 of ([4-9]|\d{2,}) results$/).waitFor()
    await row(students[2]?.name as string).waitFor()
    await expect
      .poll(() => figures())
      .toEqual({
        total: 'Total Submissions\n3',
        average: 'Average Score\n33.3/50',
        passRate: 'Pass Rate\n67%',
        passed: 'Students Passed\n2',
      })

    const ada = row(students[0]?.name as string)
    // Void is in the row itself: Details stays closed.
    await ada.getByRole('button', { name: `Void… the submission of ${students[0]?.name}` }).click()
    const dialog = page.getByRole('dialog', { name: `Void the submission of ${students[0]?.name}` })
    await dialog.getByRole('button', { name: 'Void Submission' }).click()
    await dialog.getByText('Please give a reason for voiding this submission').waitFor()
    expect(
      dataOf(
        await service
          .from('submissions')
          .select('voided_at')
          .eq('login_code', codes[0] as string),
      ),
    ).toEqual([{ voided_at: null }])
    await dialog.getByLabel('Reason (required)').fill('Seen using a phone')
    await dialog.getByRole('button', { name: 'Void Submission' }).click()
    await dialog.waitFor({ state: 'detached' })

    // Live: the figures, the ranking and the row follow without a reload.
    await page.getByText(/^Showing 2 of \d+ results$/).waitFor()
    await ada.getByText('Seen using a phone').waitFor()
    await expect
      .poll(() => figures())
      .toEqual({
        total: 'Total Submissions\n2',
        average: 'Average Score\n27.5/50',
        passRate: 'Pass Rate\n50%',
        passed: 'Students Passed\n1',
      })
    const ranks = () =>
      page
        .getByRole('row')
        .filter({ hasText: tag })
        .evaluateAll((rows) => rows.map((tr) => [tr.querySelector('td')?.textContent, tr.querySelector('th')?.textContent]))
    await expect.poll(ranks).toEqual([
      ['#1', `${students[1]?.name}`],
      ['#2', `${students[2]?.name}`],
      ['—', `${students[0]?.name}Voided Seen using a phone`],
    ])
    await page.getByText(/1 voided/).waitFor()

    // The printed report says it too.
    await page.getByRole('button', { name: 'Print Results' }).click()
    await page.emulateMedia({ media: 'print' })
    const report = page.locator('.results-print-report')
    await report.waitFor({ state: 'visible' })
    await expect
      .poll(() => report.locator('tbody tr').last().innerText())
      .toMatch(new RegExp(`^—\\t${students[0]?.name}\\t.*Voided: Seen using a phone$`))
    await expect.poll(() => report.innerText()).toContain('Total submissions: 2')
    await page.emulateMedia({ media: 'screen' })

    // The student's page, and the code, which stays used.
    const student = await browser.newPage()
    await student.goto(`${appUrl}/solutions`)
    await student.getByLabel('Login code').fill(codes[0] as string)
    await student.getByLabel('Login code').press('Enter')
    await student.getByText('Your result was withdrawn by the examiner. Please contact your exam administrator.').waitFor()
    await student.close()
    expect(
      dataOf(
        await service
          .from('login_codes')
          .select('is_used')
          .eq('code', codes[0] as string),
      ),
    ).toEqual([{ is_used: true }])

    // Restore.
    await ada.getByRole('button', { name: `Restore the submission of ${students[0]?.name}` }).click()
    await page.getByText(/^Showing 3 of \d+ results$/).waitFor()
    await ada.getByText('Seen using a phone').waitFor({ state: 'detached' })
    await expect.poll(async () => (await figures()).total).toBe('Total Submissions\n3')

    await waitForText(page, '#1')

    // Both are in the activity log, in words.
    await page.goto(`${appUrl}/admin/activity`)
    const log = page.getByRole('region', { name: 'Activity' })
    await log
      .getByText(
        `Restored the submission of ${students[0]?.name} (login code ${codes[0]}, 45/50), voided for: Seen using a phone`,
      )
      .waitFor()
    await log
      .getByText(`Voided the submission of ${students[0]?.name} (login code ${codes[0]}, 45/50): Seen using a phone`)
      .waitFor()
  })

  it('on a phone (390×844) too, Void is in the row without opening Details, and opens the same dialog', async () => {
    const phonePage = await (await browser.newContext(phone)).newPage()
    try {
      await signInAsAdmin(phonePage)
      await phonePage.goto(`${appUrl}/admin/results`)
      await phonePage.getByRole('searchbox', { name: 'Search' }).fill(tag)
      await phonePage.getByText(/^Showing 3 of \d+ results$/).waitFor()
      const alan = phonePage.getByRole('row').filter({ hasText: students[1]?.name as string })
      const voidButton = alan.getByRole('button', { name: `Void… the submission of ${students[1]?.name}` })
      expect(await voidButton.evaluate((button) => button.closest('details'))).toBeNull()
      await voidButton.click()
      const dialog = phonePage.getByRole('dialog', { name: `Void the submission of ${students[1]?.name}` })
      await dialog.getByLabel('Reason (required)').waitFor()
      await expectAccessible(phonePage, 'void dialog from the row on a phone')
      await dialog.getByRole('button', { name: 'Cancel' }).click()
      await dialog.waitFor({ state: 'detached' })
      expect(await phonePage.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390)
    } finally {
      await phonePage.context().close()
    }
  })
})
