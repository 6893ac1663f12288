import { AxeBuilder } from '@axe-core/playwright'
import type { Page } from 'playwright-core'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { TablesInsert } from '../../src/lib/api/database.types.ts'
import { appUrl, dataOf, deleteLoginCodes, pagePerTest, randomCode, service, signInAsAdmin, waitForText } from './fixtures.ts'

/**
 * Issue 13 in the browser: with more login codes than hosted Supabase returns in one read
 * (1,500 of this file's own, besides any others), the dashboard and the Login Code Manager show
 * the right totals, both lists page to their last, oldest code, and generating codes still works.
 */

let page: Page
// A context of its own per test: axe-core needs one, and a test fails if its page threw.
pagePerTest((opened) => {
  page = opened.page
})

const usedCount = 300
const availableCount = 1200
/** The Login Code Manager's page size. */
const codesPerPage = 50
/** Every code this file made (through the service client or the page), removed with it. */
const ownCodes: string[] = []
/** The oldest codes of all: this file's first, made in 2001. */
let oldestUsed: string
let oldestAvailable: string

function chunks<T>(items: readonly T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size))
}

beforeAll(async () => {
  const rows = Array.from({ length: usedCount + availableCount }, (_, i): TablesInsert<'login_codes'> => {
    const used = i < usedCount
    return {
      code: randomCode(),
      // A second apart, older than any other code: the last of each list is known.
      created_at: new Date(Date.UTC(2001, 0, 1) + i * 1000).toISOString(),
      is_used: used,
      used_by: used ? `Scale Student ${i}` : null,
      used_at: used ? new Date().toISOString() : null,
    }
  })
  ownCodes.push(...rows.map((row) => row.code))
  ;[oldestUsed, oldestAvailable] = [ownCodes[0] as string, ownCodes[usedCount] as string]
  for (const batch of chunks(rows, 500)) dataOf(await service.from('login_codes').insert(batch).select('id'))
})

beforeEach(async () => {
  await signInAsAdmin(page)
})

afterAll(async () => {
  // A request names at most 200 codes: a URL well under any limit.
  for (const batch of chunks(ownCodes, 200)) await deleteLoginCodes(batch)
})

/**
 * Every code, the used ones and those in use (an attempt started, no submission: other files'
 * students), counted with the service role; available are the rest.
 */
async function codeTotals(): Promise<{ all: number; used: number; inUse: number; available: number }> {
  const count = async (query: PromiseLike<{ count: number | null; error: { message: string } | null }>) => {
    const { count: total, error } = await query
    if (error || total === null) throw new Error(`could not count the codes: ${error?.message}`)
    return total
  }
  const head = { count: 'exact', head: true } as const
  const all = await count(service.from('login_codes').select('*', head))
  const used = await count(service.from('login_codes').select('*', head).eq('is_used', true))
  // Started codes, a read at a time (under max_rows), and of them the unused ones.
  const started = new Set<string>()
  for (let from = 0; ; from += 1000) {
    const rows = dataOf(
      await service
        .from('exam_attempts')
        .select('login_code')
        .order('id')
        .range(from, from + 999),
    )
    for (const row of rows) started.add(row.login_code)
    if (rows.length < 1000) break
  }
  let inUse = 0
  for (const batch of chunks([...started], 200)) {
    inUse += await count(service.from('login_codes').select('*', head).eq('is_used', false).in('code', batch))
  }
  return { all, used, inUse, available: all - used - inUse }
}

async function statTexts(list: string): Promise<string[]> {
  return page.getByRole('list', { name: list }).getByRole('listitem').allTextContents()
}

/** What the pager of a list of `total` codes says on its last page. */
function lastPageRange(total: number): string {
  const first = Math.floor((total - 1) / codesPerPage) * codesPerPage + 1
  return `${first}–${total} of ${total}`
}

const pager = (list: string) => page.getByRole('navigation', { name: `Pages of ${list}` })

/** The codes of a list on screen, top to bottom. */
async function listedCodes(list: string): Promise<string[]> {
  return page.getByRole('list', { name: list }).locator('.code-item__code').allTextContents()
}

async function openCodeManager(): Promise<void> {
  await page.goto(`${appUrl}/admin/codes`)
  await page.getByRole('heading', { level: 1, name: 'Login Code Manager' }).waitFor()
  await page.getByRole('list', { name: 'Available codes' }).waitFor()
}

async function focusedButton(): Promise<string | null> {
  return page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? null)
}

describe('admin screens with more codes than one read returns', () => {
  it('shows the totals of every code on the dashboard', async () => {
    const totals = await codeTotals()
    expect(totals.all).toBeGreaterThan(1000)
    const stats = page.getByRole('list', { name: 'Statistics' })

    await page.goto(`${appUrl}/admin`)
    await stats.getByText(`Login Codes${totals.all}`, { exact: true }).waitFor()

    await expect.poll(() => statTexts('Statistics')).toContain(`Codes Used${totals.used}`)
    await expect.poll(() => page.locator('.admin-status-list').textContent()).toContain(`Available codes${totals.available}`)
  })

  it('shows the totals on the Login Code Manager and pages both lists to their oldest code, by mouse and keyboard', async () => {
    const totals = await codeTotals()
    const { available } = totals
    await openCodeManager()

    await page.getByRole('list', { name: 'Login code statistics' }).getByText(`Total${totals.all}`, { exact: true }).waitFor()
    await expect
      .poll(() => statTexts('Login code statistics'))
      .toEqual([`Total${totals.all}`, `Available${available}`, `In use${totals.inUse}`, `Used${totals.used}`])
    await page.getByRole('heading', { name: `Available Codes (${available})` }).waitFor()
    await pager('available codes').getByText(`1–${codesPerPage} of ${available}`, { exact: true }).waitFor()
    await expect.poll(() => listedCodes('Available codes')).toHaveLength(codesPerPage)

    await pager('available codes').getByRole('button', { name: 'Next page' }).click()
    await pager('available codes').getByText(`51–100 of ${available}`, { exact: true }).waitFor()
    // From Next, the Tab key reaches Last, and Enter turns to the last page, keeping the focus there.
    await page.keyboard.press('Tab')
    await expect.poll(() => focusedButton()).toBe('Last page')
    await page.keyboard.press('Enter')
    await pager('available codes').getByText(lastPageRange(available), { exact: true }).waitFor()
    await expect.poll(async () => (await listedCodes('Available codes')).at(-1)).toBe(oldestAvailable)
    await expect.poll(() => focusedButton()).toBe('Last page')
    await expect
      .poll(() => pager('available codes').getByRole('button', { name: 'Next page' }).getAttribute('aria-disabled'))
      .toBe('true')

    await pager('used codes').getByRole('button', { name: 'Last page' }).focus()
    await page.keyboard.press('Enter')
    await pager('used codes').getByText(lastPageRange(totals.used), { exact: true }).waitFor()
    const oldest = page.getByRole('list', { name: 'Used codes' }).getByRole('listitem').last()
    await expect.poll(() => oldest.locator('.code-item__code').textContent()).toBe(oldestUsed)
    await expect.poll(() => oldest.textContent()).toContain('Used by Scale Student 0')

    const { violations } = await new AxeBuilder({ page }).include('.admin-page').analyze()
    expect(violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')).toEqual([])
  })

  it('still generates codes, and shows them first on the first page', async () => {
    const before = await codeTotals()
    const { available } = before
    await openCodeManager()
    await pager('available codes').getByRole('button', { name: 'Last page' }).click()
    await pager('available codes').getByText(lastPageRange(available), { exact: true }).waitFor()
    const clickedAt = new Date().toISOString()

    await page.getByRole('button', { name: 'Generate 5' }).click()
    await waitForText(page, 'Successfully generated 5 new login codes')

    await pager('available codes')
      .getByText(`1–${codesPerPage} of ${available + 5}`, { exact: true })
      .waitFor()
    const made = dataOf(await service.from('login_codes').select('code, is_used').gte('created_at', clickedAt))
    ownCodes.push(...made.map((row) => row.code))
    expect(made).toHaveLength(5)
    for (const row of made) expect(row).toEqual({ code: expect.stringMatching(/^[A-Z0-9]{8}$/), is_used: false })
    await expect
      .poll(async () => (await listedCodes('Available codes')).slice(0, 5).sort())
      .toEqual(made.map((row) => row.code).sort())
    await page
      .getByRole('list', { name: 'Login code statistics' })
      .getByText(`Total${before.all + 5}`, { exact: true })
      .waitFor()
  })
})
