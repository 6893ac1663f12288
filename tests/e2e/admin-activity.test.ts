import type { Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import {
  appUrl,
  dataOf,
  deleteLoginCodes,
  keepSharedData,
  pagePerFile,
  randomCode,
  service,
  signInAsAdmin,
  waitForText,
} from './fixtures.ts'

/**
 * Issue 15's activity log in Chromium: what an administrator does on the managers' screens
 * appears on the Activity screen, in words, filtered by kind and day; and the signed-in
 * administrator's own token cannot change or delete a row of it through the API.
 */

keepSharedData()
let page: Page
pagePerFile((opened) => {
  page = opened.page
})
const ownCodes: string[] = []

beforeAll(async () => {
  await signInAsAdmin(page)
})

afterAll(async () => {
  if (ownCodes.length) await deleteLoginCodes(ownCodes)
})

async function open(path: string, heading: string) {
  await page.goto(`${appUrl}${path}`)
  await page.getByRole('heading', { level: 1, name: heading }).waitFor()
}

/** Accepts the next browser confirm(). */
function acceptConfirm(): void {
  page.once('dialog', (dialog) => void dialog.accept())
}

/** The Activity table's "What happened" cells, newest first, as shown. */
async function activityRows(): Promise<string[]> {
  const table = page.getByRole('region', { name: 'Activity' })
  await table.waitFor()
  return table.locator('tbody tr td:nth-child(3)').allInnerTexts()
}

describe('Activity', () => {
  it('shows codes generated, extra time and a deletion, questions deleted and imported, and a schedule, in words', async () => {
    // Login codes: one generated with the page, given 10 minutes, deleted.
    const before = new Set(dataOf(await service.from('login_codes').select('code')).map((row) => row.code))
    await open('/admin/codes', 'Login Code Manager')
    await page.getByRole('button', { name: 'Generate 1' }).click()
    await waitForText(page, 'Successfully generated 1 new login code')
    const code = dataOf(await service.from('login_codes').select('code'))
      .map((row) => row.code)
      .find((c) => !before.has(c)) as string
    ownCodes.push(code)
    await page.getByRole('button', { name: `Extra time for ${code}` }).click()
    const dialog = page.getByRole('dialog', { name: `Extra time for ${code}` })
    await dialog.getByLabel('Extra time (minutes, 0 to 180)').fill('10')
    await dialog.getByRole('button', { name: 'Save' }).click()
    await dialog.waitFor({ state: 'detached' })
    acceptConfirm()
    await page.getByRole('button', { name: `Delete ${code}` }).click()
    await waitForText(page, 'Login code deleted successfully')

    // Questions: Delete All, then an import of three.
    await open('/admin/questions', 'Question Manager')
    await page.getByRole('button', { name: 'Delete All' }).click()
    await page.getByRole('button', { name: 'Yes, Delete All Questions' }).click()
    await waitForText(page, 'All questions deleted successfully')
    await page.getByRole('button', { name: 'Import CSV' }).click()
    const importDialog = page.getByRole('dialog', { name: 'Import Questions from CSV' })
    const csv = [
      'question_number,question_text,option_a,option_b,option_c,option_d,correct_answer',
      ...[1, 2, 3].map((n) => `${n},Question ${n}?,One,Two,Three,Four,A`),
    ].join('\n')
    await importDialog
      .getByLabel('Upload a CSV file')
      .setInputFiles({ name: 'questions.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) })
    await importDialog.getByText('Loaded questions.csv; you can review or edit it below.').waitFor()
    await importDialog.getByRole('button', { name: 'Import Questions' }).click()
    await waitForText(page, 'Successfully imported 3 questions')

    // A schedule, created switched off and deleted.
    const name = `Activity exam ${randomCode()}`
    await open('/admin/schedule', 'Exam Schedule')
    await page.getByLabel('Exam name').fill(name)
    await page.getByLabel('Start date and time').fill('2099-03-01T09:00')
    await page.getByLabel('End date and time').fill('2099-03-01T11:00')
    await page.getByLabel('Active Schedule').uncheck()
    await page.getByRole('button', { name: 'Create Schedule' }).click()
    await waitForText(page, 'Exam schedule created successfully')
    const item = page.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3, name }) })
    acceptConfirm()
    await item.getByRole('button', { name: `Delete ${name}` }).click()
    await waitForText(page, 'Exam schedule deleted successfully')

    // The dashboard links to the Activity screen, which tells all of it, newest first.
    await open('/admin', 'Admin Dashboard')
    await page.getByRole('navigation', { name: 'Managers' }).getByRole('link', { name: 'Activity' }).click()
    await page.getByRole('heading', { level: 1, name: 'Activity' }).waitFor()
    const rows = await activityRows()
    const when = (iso: string) => new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    const expected = [
      `Deleted the exam schedule "${name}" (${when('2099-03-01T09:00')} to ${when('2099-03-01T11:00')}, 30 minutes, inactive)`,
      `Created the exam schedule "${name}": ${when('2099-03-01T09:00')} to ${when('2099-03-01T11:00')}, 30 minutes, inactive`,
      'Imported 3 questions (1–3) from a CSV file; keys 1: A, 2: A, 3: A',
      expect.stringMatching(/^Deleted all questions: \d+ questions \(1–\d+\); keys 1: \w+(, \d+: \w+)*$/),
      `Deleted login code ${code}`,
      `Changed the extra time of login code ${code} from 0 to 10 minutes`,
      `Generated 1 login code: ${code}`,
    ]
    expect(rows.slice(0, expected.length)).toEqual(expected)
    await expect
      .poll(() => page.getByRole('region', { name: 'Activity' }).locator('tbody tr td:nth-child(2)').first().innerText())
      .toBe('admin@holdfast.test')

    // Filtered to login codes, then to a day with nothing.
    await page.getByLabel('Action').selectOption({ label: 'Login codes' })
    await page.getByText(`Created the exam schedule "${name}"`, { exact: false }).waitFor({ state: 'detached' })
    await expect
      .poll(async () => (await activityRows()).slice(0, 2))
      .toEqual([`Deleted login code ${code}`, `Generated 1 login code: ${code}`])
    await expect.poll(async () => (await activityRows()).every((text) => /login code/.test(text))).toBe(true)
    await page.getByLabel('Day').fill('2001-01-01')
    await waitForText(page, 'No activity recorded for this choice')
  })

  it("refuses the administrator's own token changing or deleting a row through the API", async () => {
    const token = await page.evaluate(() => {
      const key = Object.keys(localStorage).find((name) => /^sb-.*-auth-token$/.test(name))
      return key ? (JSON.parse(localStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token : undefined
    })
    expect(token).toEqual(expect.any(String))
    const headers = {
      apikey: inject('appAnonKey'),
      authorization: `Bearer ${token}`,
      'content-type': 'application/json',
    }
    const [newest] = dataOf(await service.from('audit_log').select('*').order('id', { ascending: false }).limit(1))
    expect(newest).toBeDefined()
    const row = `${appUrl}/rest/v1/audit_log?id=eq.${newest?.id}`
    const read = await fetch(row, { headers })
    expect(read.status).toBe(200)
    expect(await read.json()).toHaveLength(1)
    const changed = await fetch(row, { method: 'PATCH', headers, body: JSON.stringify({ actor: 'nobody' }) })
    expect(changed.status).toBe(403)
    const deleted = await fetch(row, { method: 'DELETE', headers })
    expect(deleted.status).toBe(403)
    expect(
      dataOf(
        await service
          .from('audit_log')
          .select('*')
          .eq('id', newest?.id ?? 0),
      ),
    ).toEqual([newest])
  })
})
