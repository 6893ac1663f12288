import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  answerKey,
  appUrl,
  createLoginCode,
  dataOf,
  deleteLoginCodes,
  keepSharedData,
  pagePerFile,
  printRequests,
  randomCode,
  recordPrintRequests,
  service,
  signInAsAdmin,
  submitExam,
  waitForText,
  wrongAnswer,
} from './fixtures.ts'

keepSharedData()
let page: Page
pagePerFile((opened) => {
  page = opened.page
})
/** Codes this file made (through the page or the service client), removed at the end. */
const ownCodes: string[] = []

beforeAll(async () => {
  await recordPrintRequests(page)
  await signInAsAdmin(page)
})

afterAll(async () => {
  if (ownCodes.length) await deleteLoginCodes(ownCodes)
})

async function open(path: string, heading: string) {
  await page.goto(`${appUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/** Accepts the next browser confirm() after checking its text. */
function acceptConfirm(expected: string): Promise<void> {
  return new Promise((resolve, reject) => {
    page.once('dialog', (dialog) => {
      if (dialog.type() !== 'confirm' || dialog.message() !== expected) {
        reject(new Error(`unexpected ${dialog.type()}: ${dialog.message()}`))
        void dialog.dismiss()
        return
      }
      void dialog.accept().then(resolve, reject)
    })
  })
}

describe('Login Code Manager', () => {
  it('generates five codes and deletes one after the confirmation', async () => {
    const before = dataOf(await service.from('login_codes').select('code')).map((row) => row.code)
    await open('/admin/codes', 'Login Code Manager')
    await page.getByRole('list', { name: 'Available codes' }).waitFor()

    await page.getByRole('button', { name: 'Generate 5' }).click()
    await waitForText(page, 'Successfully generated 5 new login codes')
    const created = dataOf(await service.from('login_codes').select('code, is_used')).filter((row) => !before.includes(row.code))
    ownCodes.push(...created.map((row) => row.code))
    expect(created).toHaveLength(5)
    for (const row of created) expect(row).toEqual({ code: expect.stringMatching(/^[A-Z0-9]{8}$/), is_used: false })
    const victim = created[0]?.code as string
    await page.getByRole('button', { name: `Delete ${victim}` }).waitFor()

    const confirmed = acceptConfirm('Are you sure you want to delete this login code?')
    await page.getByRole('button', { name: `Delete ${victim}` }).click()
    await confirmed
    await waitForText(page, 'Login code deleted successfully')
    await page.getByRole('button', { name: `Delete ${victim}` }).waitFor({ state: 'detached' })
    expect(dataOf(await service.from('login_codes').select('id').eq('code', victim))).toEqual([])
  })
})

describe('Exam Schedule', () => {
  it('creates, activates, edits and deletes a schedule', async () => {
    const name = `E2E exam ${randomCode()}`
    await open('/admin/schedule', 'Exam Schedule')
    await page.getByRole('list', { name: 'Exam schedules' }).waitFor()

    await page.getByLabel('Exam name').fill(name)
    await page.getByLabel('Start date and time').fill('2099-03-01T09:00')
    await page.getByLabel('End date and time').fill('2099-03-01T08:00')
    // Created switched off, so that the seeded window stays the one students can use.
    await page.getByLabel('Active Schedule').uncheck()
    await page.getByRole('button', { name: 'Create Schedule' }).click()
    await waitForText(page, 'End time must be after start time')

    await page.getByLabel('End date and time').fill('2099-03-01T11:00')
    await page.getByLabel('Duration (minutes)').fill('45')
    await page.getByRole('button', { name: 'Create Schedule' }).click()
    await waitForText(page, 'Exam schedule created successfully')
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) })
    await item.getByText('Inactive', { exact: true }).waitFor()
    const [stored] = dataOf(await service.from('exam_schedule').select('*').eq('exam_name', name))
    expect(stored).toMatchObject({ duration_minutes: 45, is_active: false })
    expect(new Date(stored?.start_time ?? '').getTime()).toBe(new Date(2099, 2, 1, 9, 0).getTime())

    await item.getByRole('button', { name: `Activate ${name}` }).click()
    await waitForText(page, 'Exam schedule activated successfully')
    await item.getByText('Upcoming', { exact: true }).waitFor()

    await item.getByRole('button', { name: `Edit ${name}` }).click()
    await expect.poll(() => page.getByLabel('Exam name').inputValue()).toBe(name)
    await expect.poll(() => page.getByLabel('Start date and time').inputValue()).toBe('2099-03-01T09:00')
    await page.getByLabel('Duration (minutes)').fill('60')
    await page.getByRole('button', { name: 'Update Schedule' }).click()
    await waitForText(page, 'Exam schedule updated successfully')
    await item.getByText('60 minutes').waitFor()

    const confirmed = acceptConfirm('Are you sure you want to delete this exam schedule?')
    await item.getByRole('button', { name: `Delete ${name}` }).click()
    await confirmed
    await waitForText(page, 'Exam schedule deleted successfully')
    await item.waitFor({ state: 'detached' })
    expect(dataOf(await service.from('exam_schedule').select('id').eq('exam_name', name))).toEqual([])
  })
})

describe('Test Results', () => {
  it("shows a submission made through the student RPC, with its receipt, and prints the day's report", async () => {
    const code = await createLoginCode()
    ownCodes.push(code)
    // 40 right answers of 50: 80 %, Excellent.
    const answers = Object.fromEntries(
      [...(await answerKey())].map(([number, correct]) => [String(number), number <= 40 ? correct : wrongAnswer(correct)]),
    )
    const receipt = await submitExam(code, 'Katherine Johnson', answers, 4)
    expect(receipt.score).toBe(40)

    await open('/admin/results', 'Test Results')
    await page.getByRole('heading', { name: 'Daily Analysis' }).waitFor()
    await page.getByRole('searchbox', { name: 'Search' }).fill(code)
    await page.getByText(/^Showing 1 of \d+ results?$/).waitFor()
    const row = page.getByRole('row').filter({ hasText: 'Katherine Johnson' })
    await expect
      .poll(async () => (await row.locator('td, th').allInnerTexts()).slice(0, 9))
      .toEqual(['#1', 'Katherine Johnson', code, expect.any(String), '40/50', '80%', '4', '12:34', 'Excellent'])
    await expect.poll(() => row.locator('.tab-switches').getAttribute('class')).toContain('tab-switches--yellow')
    await row.getByText('Details').click()
    await row.getByText(receipt.answers_fingerprint, { exact: true }).waitFor()

    await page.getByRole('button', { name: 'Print Results' }).click()
    await expect.poll(() => printRequests(page)).toBe(1)

    await page.emulateMedia({ media: 'print' })
    const report = page.locator('.results-print-report')
    await report.waitFor({ state: 'visible' })
    await expect.poll(() => page.locator('.site-header').isVisible()).toBe(false)
    await expect.poll(() => page.locator('.site-footer').isVisible()).toBe(false)
    await expect.poll(() => page.getByRole('button', { name: 'Print Results' }).isVisible()).toBe(false)
    await expect.poll(() => report.innerText()).toContain('Katherine Johnson')
    await expect.poll(() => report.locator('tbody tr').first().innerText()).toMatch(/^1\tKatherine Johnson\t/)
    await expect.poll(() => report.innerText()).toContain('CONFIDENTIAL')
    await page.emulateMedia({ media: 'screen' })
    await expect.poll(() => report.isVisible()).toBe(false)
  })

  it('says there is nothing to print when the search matches nothing', async () => {
    await open('/admin/results', 'Test Results')
    await page.getByRole('searchbox', { name: 'Search' }).fill('no student has this name')
    await waitForText(page, 'No results match your search')
    const alert = new Promise<string>((resolve) =>
      page.once('dialog', (dialog) => {
        resolve(dialog.message())
        void dialog.dismiss()
      }),
    )

    await page.getByRole('button', { name: 'Print Results' }).click()

    expect(await alert).toBe('No results to print')
  })
})
